import { afterAll, inject, vi } from "vitest";
import { QUEUE_NAMES } from "@graph/core/adapters/queues/rules";
import type { TestSettings } from "@graph/core/adapters/test-settings";
import { startRuntime, type Runtime } from "@graph/local/runtime";

declare module "vitest" {
  export interface ProvidedContext {
    /** "production" runs the runtime at production's costs (scrypt's, fetch time-outs); default "test". */
    runtimeCosts?: "test" | "production";
    /**
     * Every test file gets a runtime of its own, as fresh as a new process would give it (its own
     * DynamoDB, stand-ins, queues, links and the domain's modules evaluated afresh), in a worker
     * that runs file after file: starting a process and loading its packages for every file cost
     * more than the runtime itself.
     */
    runtimePerFile?: boolean;
  }
}

/**
 * Costs that exist for production, not for correctness, lowered for tests: a scrypt hash at
 * N=2^10 takes milliseconds, not 0.6 s (each hash stores its own parameters, so verifying is
 * unchanged), and a feed that never answers is given up after 10 s, not 15 s. Core accepts them
 * from a test runtime only (see @graph/core/adapters/test-settings).
 */
const TEST_SETTINGS: TestSettings = { passwordHashCost: 2 ** 10, feedFetchTimeoutMs: 10_000 };

/**
 * The local runtime of this test worker. Started before the first test file's own imports run,
 * so the domain's modules see their links (table, queues, site URL) exactly as on AWS; then, in
 * a project with `isolate: false`, shared by every file the worker runs (starting one costs
 * seconds of imports and start-up), and stopped with the worker. Files keep apart by their own
 * people and data; what a file changes of the process is put back after it (below). With
 * `runtimePerFile` it is stopped after each file instead, and the next file starts its own.
 */
const shared = globalThis as {
  __graphRuntime?: Runtime;
  __graphEnvironment?: NodeJS.ProcessEnv;
  /** The environment before any runtime set its links, which a runtime per file starts from. */
  __graphBaseEnvironment?: NodeJS.ProcessEnv;
};
const perFile = inject("runtimePerFile") === true;
if (!shared.__graphRuntime) {
  const base = shared.__graphBaseEnvironment;
  if (base) restoreEnvironment(base);
  else shared.__graphBaseEnvironment = { ...process.env };
  const runtime = await startRuntime({
    siteUrl: "http://graph.test",
    teamEmail: "team@graph.test",
    ...(inject("runtimeCosts") === "production" ? {} : { testSettings: TEST_SETTINGS }),
  });
  shared.__graphRuntime = runtime;
  shared.__graphEnvironment = { ...process.env };
  // Vitest's own hook for what lives as long as the worker (its worker-scoped fixtures use it).
  const worker = (globalThis as { __vitest_worker__?: { onCleanup(listener: () => unknown): void } }).__vitest_worker__;
  if (!base) worker?.onCleanup(() => shared.__graphRuntime?.stop());
}
const runtime = shared.__graphRuntime;

afterAll(async () => {
  // The clock, spies and stubs a file set.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  runtime.dynamoFaults.clear();
  // Queues: held ones let go, and nothing of this file's left waiting, retrying or dead for the
  // next (a runtime of its own would have stopped with them); batches under way finish first.
  const queues = QUEUE_NAMES.filter((queue) => runtime.dispatcher.has(queue));
  for (const queue of queues) {
    await runtime.dispatcher.purge(queue);
    runtime.dispatcher.release(queue);
  }
  await runtime.dispatcher.idle();
  for (const queue of queues) await runtime.dispatcher.purge(queue);
  // The mail it sent: the next file reads an outbox of its own (e.g. the team's, empty).
  await runtime.outbox.clear();
  // The environment as the runtime left it.
  restoreEnvironment(shared.__graphEnvironment ?? {});
  if (perFile) {
    // The next file starts a runtime of its own, on the domain's modules evaluated afresh.
    await runtime.stop();
    delete shared.__graphRuntime;
    vi.resetModules();
    // SST's Resource keeps the links it read first in globalThis: the next runtime's are read
    // afresh (the project evaluates `sst` with the domain's modules, so afresh too).
    const sst = globalThis as { __SST_RESOURCE_RAW__?: unknown; __SST_RESOURCE_ENVIRONMENT__?: unknown };
    delete sst.__SST_RESOURCE_RAW__;
    delete sst.__SST_RESOURCE_ENVIRONMENT__;
  }
});

function restoreEnvironment(environment: NodeJS.ProcessEnv) {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
}
