import { defineConfig } from "vitest/config";

/**
 * Browser tests: Debian's Chromium driven by playwright-core against the local runtime. One
 * runtime and one Chromium serve the whole run (global-setup.ts); files run side by side, each
 * with its own people, so none reads another's.
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // A worker's files share its process and modules (playwright-core, the support files):
    // importing them afresh for each file took 125 s of the run's workers, now 12 s. Files keep
    // apart by their own people, pages and browser connection (support.ts).
    isolate: false,
    globalSetup: ["tests/e2e/global-setup.ts"],
    // Measured on a 2-core machine (see README): the runtime, Chromium and the workers share it.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A condition polled for gets as long as a busy machine may need (the default is 1 s):
    // tests wait for what they expect, never for a fixed time.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
