import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    // Generous: some tests sign up 30 people at once (scrypt) or fill thousands of postings, and a
    // busy shared machine can take minutes over them; a test waits for conditions, not for time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Polled conditions get as long as a busy machine may need (the default is 1 s).
    expect: { poll: { timeout: 30_000, interval: 50 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/**/src/**/*.test.ts", "web/src/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // API integration tests: each file gets its own local runtime (in-memory DynamoDB,
        // mail queue, outbox), started by the setup file before the test file is imported.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/setup-runtime.ts"],
        },
      },
    ],
  },
});
