import { resolve } from "node:path";

/** The repository root: handler references ("packages/x/src/y.handler") are relative to it. */
export const ROOT = resolve(import.meta.dirname, "../../..");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (event: any, context?: any) => Promise<any>;

const cache = new Map<string, Promise<Handler>>();

/** Loads a handler by the same reference SST uses on AWS: `path/to/file.exportName`. */
export function loadHandler(reference: string): Promise<Handler> {
  let loaded = cache.get(reference);
  if (!loaded) {
    const dot = reference.lastIndexOf(".");
    const file = resolve(ROOT, `${reference.slice(0, dot)}.ts`);
    const name = reference.slice(dot + 1);
    loaded = import(file).then((module: Record<string, unknown>) => {
      const handler = module[name];
      if (typeof handler !== "function") throw new Error(`${reference} does not export a function`);
      return handler as Handler;
    });
    cache.set(reference, loaded);
  }
  return loaded;
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
