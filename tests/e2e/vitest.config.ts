import { defineConfig } from "vitest/config";

/** Browser tests: Debian's Chromium driven by playwright-core against the local runtime. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A condition polled for gets as long as a busy machine may need (the default is 1 s):
    // tests wait for what they expect, never for a fixed time.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
