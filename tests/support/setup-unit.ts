import { afterAll, vi } from "vitest";

/**
 * The unit files of a worker share its process and modules (`isolate: false`: importing every
 * file's modules afresh was most of the tier's time). What a file changes of the process is put
 * back after it, so the next file starts as it would in a process of its own.
 */
afterAll(() => {
  // The clock, spies and stubs a file set.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/**
 * SST reads its links (SST_RESOURCE_* in the environment) into a global object once per process,
 * on the first read: a later file linking resources of its own (`vi.stubEnv` in `vi.hoisted`,
 * before its imports) would find the first file's. The object it keeps is made here, before SST
 * loads, and answers from the environment as it is at each read, as a process of the file's own
 * would; SST copying the environment in when it loads changes nothing.
 */
const PREFIX = "SST_RESOURCE_";
const linked = (name: string | symbol) => (typeof name === "string" ? process.env[`${PREFIX}${name}`] : undefined);
const sst = globalThis as { __SST_RESOURCE_RAW__?: object };
sst.__SST_RESOURCE_RAW__ ??= new Proxy(
  {},
  {
    has: (_links, name) => Boolean(linked(name)),
    get: (_links, name) => {
      const value = linked(name);
      return value ? (JSON.parse(value) as unknown) : undefined;
    },
    set: () => true,
    ownKeys: () =>
      Object.keys(process.env)
        .filter((key) => key.startsWith(PREFIX) && process.env[key])
        .map((key) => key.slice(PREFIX.length)),
    getOwnPropertyDescriptor: (_links, name) => {
      const value = linked(name);
      return value
        ? { value: JSON.parse(value) as unknown, enumerable: true, configurable: true, writable: true }
        : undefined;
    },
  },
);
