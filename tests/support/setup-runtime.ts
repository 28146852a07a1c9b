import { afterAll, vi } from "vitest";
import { startRuntime, type Runtime } from "@graph/local/runtime";

/**
 * Starts the local runtime before the test file's own imports run, so the domain's
 * modules see their links (table, queue, site URL) exactly as they would on AWS.
 */
const runtime = await startRuntime({ siteUrl: "http://graph.test", teamEmail: "team@graph.test" });
(globalThis as { __graphRuntime?: Runtime }).__graphRuntime = runtime;

afterAll(async () => {
  vi.useRealTimers();
  await runtime.stop();
});
