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
  },
});
