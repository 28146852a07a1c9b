import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The repository root: handler references ("packages/x/src/y.handler") are relative to it. */
export const ROOT = resolve(import.meta.dirname, "../../..");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (event: any, context?: any) => Promise<any>;

const cache = new Map<string, Promise<Handler>>();

/** A bundle's entry as scripts/bundles writes it in `<dir>/manifest.json`. */
interface BundleEntry {
  handler: string;
  file: string;
  export: string;
}

let bundles: { dir: string; entries: BundleEntry[] } | undefined;

/**
 * Runs every handler from the deployable bundles in `dir` (built by scripts/bundles, GRAPH_BUNDLES)
 * instead of the sources, so what runs here is what deploys. Set before the first handler loads.
 */
export function runFromBundles(dir: string) {
  const entries = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as BundleEntry[];
  bundles = { dir: resolve(dir), entries };
  cache.clear();
}

/** Whether handlers run from bundles. */
export function fromBundles(): boolean {
  return bundles !== undefined;
}

/** Loads a handler by the same reference SST uses on AWS: `path/to/file.exportName`. */
export function loadHandler(reference: string): Promise<Handler> {
  let loaded = cache.get(reference);
  if (!loaded) {
    const dot = reference.lastIndexOf(".");
    const [file, name] = bundles
      ? bundleOf(bundles, reference)
      : [resolve(ROOT, `${reference.slice(0, dot)}.ts`), reference.slice(dot + 1)];
    loaded = import(pathToFileURL(file).href).then((module: Record<string, unknown>) => {
      const handler = module[name];
      if (typeof handler !== "function") throw new Error(`${reference} does not export a function`);
      return handler as Handler;
    });
    cache.set(reference, loaded);
  }
  return loaded;
}

function bundleOf(from: { dir: string; entries: BundleEntry[] }, reference: string): [string, string] {
  const entry = from.entries.find((candidate) => candidate.handler === reference);
  if (!entry)
    throw new Error(`${reference} has no bundle in ${from.dir} (is it in packages/functions/src/functions.ts?)`);
  return [join(from.dir, entry.file), entry.export];
}

/** A minimal Lambda context, for handlers that read it. */
export function lambdaContext(functionName: string) {
  return {
    functionName,
    awsRequestId: crypto.randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
    callbackWaitsForEmptyEventLoop: false,
  };
}
