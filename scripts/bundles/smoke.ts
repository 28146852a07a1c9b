import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FunctionDefinition } from "../../packages/functions/src/functions.ts";
import { ROOT, type Bundle } from "./build.ts";

const run = promisify(execFile);

export interface Invocation {
  loadMs: number;
  invokeMs: number;
  result?: unknown;
  error?: string;
  /** With `modules`: the files the process loaded, as `file:` URLs, in order. */
  loaded?: string[];
}

/**
 * The environment SST gives a deployed function: the app, and `SST_RESOURCE_<name>` for its
 * links alone, taken from `from` (the local runtime's, pointing at its stand-ins); AWS's own
 * settings (region, credentials, here the stand-ins' endpoints), as Lambda sets them.
 */
export function functionEnvironment(
  definition: Pick<FunctionDefinition, "name" | "link" | "memory" | "trigger">,
  from: NodeJS.ProcessEnv,
  site?: string,
): Record<string, string> {
  const env: Record<string, string> = {
    AWS_LAMBDA_FUNCTION_NAME: definition.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(parseInt(definition.memory ?? "1024 MB")),
    NODE_ENV: "production",
  };
  for (const [name, value] of Object.entries(from)) {
    if (value !== undefined && name.startsWith("AWS_") && !name.startsWith("AWS_LAMBDA_")) env[name] = value;
  }
  for (const name of ["App", ...definition.link]) {
    const value = from[`SST_RESOURCE_${name}`];
    if (value !== undefined) env[`SST_RESOURCE_${name}`] = value;
  }
  // A function behind the router reads the site through its address (the profile pages read index.html).
  if (site && definition.trigger.kind === "url" && env.SST_RESOURCE_Config) {
    env.SST_RESOURCE_Config = JSON.stringify({ ...JSON.parse(env.SST_RESOURCE_Config), siteUrl: site });
  }
  return env;
}

/** The index.html the site stand-in serves: the built app's shape, with no scripts of its own. */
const SITE_INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>graph</title></head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for the deployed static site, for the functions that read it through its address
 * (`functionEnvironment`'s `site`): index.html with an ETag, as CloudFront serves it.
 */
export async function startSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url !== "/index.html") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", etag: '"smoke"' }).end(SITE_INDEX);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Invokes `bundle` once with `event` in a fresh Node process given only `env`. */
export async function invoke(
  bundle: Pick<Bundle, "dir" | "file" | "exportName">,
  event: unknown,
  env: Record<string, string>,
  exportName = bundle.exportName,
  options: { modules?: boolean } = {},
): Promise<Invocation> {
  const dir = await mkdtemp(join(tmpdir(), "graph-event-"));
  const eventFile = join(dir, "event.json");
  await writeFile(eventFile, JSON.stringify(event));
  const { stdout } = await run(
    process.execPath,
    [
      join(ROOT, "scripts/bundles/invoke.mjs"),
      join(bundle.dir, bundle.file),
      exportName,
      eventFile,
      ...(options.modules ? ["--modules"] : []),
    ],
    { env, cwd: bundle.dir, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.trim().split("\n").at(-1)!;
  return JSON.parse(line) as Invocation;
}

/**
 * The source modules in the bundle's files that an invocation loaded (`invoke` with `modules`),
 * read from each file's source map: paths from the repository's root (`packages/…`,
 * `node_modules/<package>/…`), each once.
 */
export async function loadedModules(bundle: Pick<Bundle, "dir">, invocation: Invocation): Promise<string[]> {
  const modules = new Set<string>();
  for (const url of invocation.loaded ?? []) {
    const file = fileURLToPath(url);
    if (relative(bundle.dir, file).startsWith("..") || !file.endsWith(".mjs")) continue;
    const map = JSON.parse(await readFile(`${file}.map`, "utf8").catch(() => '{"sources":[]}')) as {
      sources: string[];
    };
    for (const source of map.sources) modules.add(relative(ROOT, resolve(dirname(file), source)));
  }
  return [...modules];
}

/** Runs `tasks` at most `limit` at a time (the machine has two cores). */
export async function inTurn<T>(tasks: (() => Promise<T>)[], limit = 2): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}
