/**
 * The infrastructure's shape, checked against the code: pure checks over the one list of functions
 * (packages/functions/src/functions.ts), the queues and schedules, the alarms and what each
 * bundle's code reads. Each returns the problems it finds, in words; none is a pass.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FunctionDefinition, seconds } from "../../packages/functions/src/functions.ts";
import type { QueueDefinition } from "../../packages/functions/src/jobs/queues.ts";
import { build } from "esbuild";
import { entryOf, externalsOf, GOALS, ROOT, type Bundle } from "./build.ts";

/**
 * The linked names each function's bundled code reads (`Resource.X`, `Resource["X"]`): esbuild
 * builds the functions again as deployed but unminified and in memory, so what is read is found
 * in the code that made it into the bundle (tree-shaken), not in whole source files. Queues are
 * read by name through one adapter (`Resource[name].url`): their use shows when a message is sent.
 */
export async function resourcesRead(
  definitions: readonly FunctionDefinition[],
): Promise<Map<string, Map<string, Set<string>>>> {
  const entries = definitions.map(entryOf);
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((entry) => [entry.out, entry.entry])),
    outdir: "/analysis",
    platform: "node",
    external: [...new Set(definitions.flatMap(externalsOf))],
    bundle: true,
    write: false,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    logLevel: "silent",
    absWorkingDir: ROOT,
  });
  // Each function's reads, with the modules they are in (esbuild heads each module's code with `// <path>`).
  const reads = new Map<string, Map<string, Set<string>>>();
  for (const entry of entries) {
    const output = result.outputFiles.find((file) => file.path === `/analysis/${entry.out}.js`);
    if (!output) throw new Error(`esbuild wrote no ${entry.out}.js`);
    const names = new Map<string, Set<string>>();
    const modules = [...output.text.matchAll(/^\/\/ (\S+)$/gm)].map((match) => ({ at: match.index, path: match[1]! }));
    for (const match of output.text.matchAll(/\bResource\d*(?:\.(\w+)|\[\s*["'](\w+)["']\s*\])/g)) {
      const name = match[1] ?? match[2]!;
      const module = modules.findLast((candidate) => candidate.at < match.index)?.path ?? "?";
      names.set(name, (names.get(name) ?? new Set()).add(module));
    }
    reads.set(entry.definition.name, names);
  }
  return reads;
}

/** A function whose code reads a resource it does not link (on AWS: "X is not linked"). */
export function unlinkedReads(
  definitions: readonly FunctionDefinition[],
  reads: Map<string, Map<string, Set<string>>>,
): string[] {
  const problems: string[] = [];
  for (const definition of definitions) {
    for (const [name, modules] of reads.get(definition.name) ?? []) {
      // SST links the app to every function.
      if (name !== "App" && !definition.link.includes(name)) {
        problems.push(`${definition.name} reads Resource.${name} (in ${[...modules].join(", ")}) but does not link it`);
      }
    }
  }
  return problems;
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** A queue without a dead-letter queue or without an alarm on it. */
export function queueProblems(
  queues: readonly Pick<QueueDefinition, "name" | "deadLetter" | "maxReceiveCount">[],
  alarmed: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const queue of queues) {
    if (!queue.deadLetter || !(queue.maxReceiveCount > 0)) problems.push(`${queue.name} has no dead-letter queue`);
    else if (!alarmed.includes(queue.deadLetter))
      problems.push(`${queue.name}'s dead-letter queue ${queue.deadLetter} has no alarm`);
  }
  return problems;
}

/** Timeouts that break their trigger: over API Gateway's 29 s, or not shorter than the queue's visibility timeout. */
export function timeoutProblems(functions: readonly FunctionDefinition[]): string[] {
  const problems: string[] = [];
  for (const definition of functions) {
    const timeout = seconds(definition.timeout);
    if (definition.trigger.kind !== "queue" && definition.trigger.kind !== "schedule" && timeout > 29) {
      problems.push(
        `${definition.name}'s timeout ${definition.timeout} is over API Gateway's and CloudFront's 29 seconds`,
      );
    }
    if (definition.trigger.kind === "queue" && timeout >= seconds(definition.trigger.visibilityTimeout)) {
      problems.push(
        `${definition.name}'s timeout ${definition.timeout} is not shorter than ${definition.trigger.queue}'s visibility timeout ${definition.trigger.visibilityTimeout}`,
      );
    }
    if (timeout <= 0 || timeout > 900)
      problems.push(`${definition.name}'s timeout ${definition.timeout} is not 1 s to 15 min`);
  }
  return problems;
}

/** A bundle over the project's size goal (README), zipped or unzipped. */
export function sizeProblems(bundles: readonly Bundle[], goals = GOALS): string[] {
  return bundles.flatMap((bundle) =>
    bundle.zippedBytes > goals.zipped || bundle.unzippedBytes > goals.unzipped
      ? [
          `${bundle.definition.name} is ${bundle.zippedBytes} bytes zipped, ${bundle.unzippedBytes} unzipped: over the goal of ${goals.zipped} / ${goals.unzipped}`,
        ]
      : [],
  );
}

/** The secrets infra/secrets.ts declares as SST secrets (`new sst.Secret("Name"…)`). */
export function declaredSecrets(): string[] {
  const source = readFileSync(join(ROOT, "infra/secrets.ts"), "utf8");
  return [...source.matchAll(/new sst\.Secret\(\s*"(\w+)"/g)].map((match) => match[1]!);
}

/** What a linked name that holds a credential looks like: a key, a secret, a token, an OAuth client's or app's id. */
const CREDENTIAL = /(Key|Secret|Token|ClientId|ApplicationId|PriceId)$/;

/**
 * Secrets kept anywhere but in SST secrets: a function given `environment` values in infra/, or a
 * function linking a credential that infra/secrets.ts does not declare as an SST secret.
 */
export function secretProblems(
  infraSources: Record<string, string>,
  definitions: readonly Pick<FunctionDefinition, "name" | "link">[],
): string[] {
  const problems: string[] = [];
  for (const [file, source] of Object.entries(infraSources)) {
    if (/\benvironment\s*:/.test(withoutComments(source)))
      problems.push(`${file} gives a function environment values: link an SST secret instead`);
  }
  const secrets = declaredSecrets();
  for (const definition of definitions) {
    for (const name of definition.link) {
      if (CREDENTIAL.test(name) && !secrets.includes(name))
        problems.push(`${definition.name} links ${name}, which is no SST secret`);
    }
  }
  return [...new Set(problems)];
}

/**
 * What a function's first request must not load (`loadedModules`: modules from the repository's
 * root): a cold start compiles every module it loads, so the common first requests load only what
 * they use. A name is a prefix of the module's path (a package, a module's directory or file).
 */
/** What neither cold path uses: the feed and its sources, outside fetches and parsers, and every AWS client but DynamoDB's. */
const NOT_ON_ANY_COLD_PATH = [
  "packages/core/src/modules/chatbot/",
  "packages/core/src/modules/feed/",
  "packages/core/src/modules/sources/",
  "packages/core/src/modules/topics/",
  "packages/core/src/modules/pictures/proxied.ts",
  "packages/core/src/lib/syndication/",
  "packages/core/src/adapters/http/",
  "node_modules/@aws-sdk/client-s3/",
  "node_modules/@aws-sdk/client-sqs/",
  "node_modules/@aws-sdk/client-apigatewaymanagementapi/",
  "node_modules/@aws-sdk/client-rekognition/",
  "node_modules/tldts",
  "node_modules/fast-xml-parser/",
  "node_modules/htmlparser2/",
] as const;

export const NOT_ON_COLD_PATHS: Record<"chat token" | "socket $connect", readonly string[]> = {
  // GET /api/messages/get_jwt: the session and the token's key.
  "chat token": [
    ...NOT_ON_ANY_COLD_PATH,
    "packages/core/src/modules/chat/index.ts",
    "packages/core/src/modules/chat/messages.ts",
    "packages/core/src/modules/chat/conversations.ts",
    "packages/core/src/modules/images/",
    "node_modules/stripe/",
    "node_modules/linkedom/",
  ],
  // Realtime's $connect: the session or token, and the socket's record.
  "socket $connect": [
    ...NOT_ON_ANY_COLD_PATH,
    "packages/core/src/modules/search/index.ts",
    "packages/core/src/modules/articles/",
  ],
};

/** The modules of `loaded` that `notLoaded` names (by prefix): what a cold path loads but should not. */
export function coldPathProblems(loaded: readonly string[], notLoaded: readonly string[]): string[] {
  return loaded.filter((module) => notLoaded.some((prefix) => module.startsWith(prefix)));
}
