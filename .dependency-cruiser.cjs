/**
 * Module boundaries, checked by `npm run lint` (part of `npm test`): a violation fails the build.
 *
 * - A domain module of packages/core (a folder: auth, users, feed, ...) is used by others only
 *   through its public face: `index.ts` (server code) or `rules.ts` (limits and messages with no
 *   I/O, which the web app may import too). Entities and the rest are private to their module.
 * - The other workspaces reach core through the `@graph/core` package, never a relative path.
 * - The web app imports no server code, only core's rules and (for types) the API's `AppType`.
 * - core knows nothing of Hono, Lambda or the local runtime.
 * - Each workspace declares the packages it imports; every import resolves.
 * - No import circles, anywhere.
 * - core's layers, bottom to top, and an import only points down (see README, "The code's shape"):
 *     pure helpers   syndication, matching, util, plans, errors.ts and every module's rules.ts
 *     adapters       one per AWS service: db.ts (DynamoDB, with batch-delete.ts and paging.ts), queues (SQS), blobs (S3),
 *                    email (SES), images/moderation.ts (Rekognition), realtime (API Gateway)
 *     domain         auth, users, topics, sources, articles, search, feed, follows, ...
 *     workflows      ingestion, accounts: what spans modules lives above the modules it calls
 *   Each AWS SDK client is imported in its one adapter only.
 * Tests (`tests/`, `*.test.ts`) may read a module's internals to set up and check state.
 */
const CORE = "^packages/core/src/";
/** Pure helpers: no I/O, nothing of the domain. */
const PURE = `${CORE}((syndication|matching|util|plans)/|errors\\.ts$|[^/]+/(rules|builtin)\\.ts$)`;
/** The AWS adapters that sit below every domain module (email, moderation and realtime are modules of their own). */
const ADAPTERS = `${CORE}((queues|blobs)/|(db|batch-delete|paging)\\.ts$)`;
/** Workflows that span modules: nothing below may import them. */
const WORKFLOWS = `${CORE}(ingestion|accounts)/`;
/** Each AWS SDK client and the one place in core that may make it. */
const SDK_ADAPTERS = {
  "client-dynamodb|lib-dynamodb": `${CORE}db\\.ts$`,
  "client-sqs": `${CORE}queues/`,
  "client-s3|s3-presigned-post": `${CORE}blobs/`,
  "client-sesv2": `${CORE}email/index\\.ts$`,
  "client-rekognition": `${CORE}images/moderation\\.ts$`,
  "client-apigatewaymanagementapi": `${CORE}realtime/index\\.ts$`,
};

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "An import circle ties modules so none can be understood, tested or moved alone: make one side a lower layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-own-index",
      comment: "Inside a module, files import each other; index.ts is the module's face to the others.",
      severity: "error",
      from: { path: `${CORE}([^/]+)/`, pathNot: ["/index\\.ts$", "\\.test\\.ts$"] },
      to: { path: `${CORE}$1/index\\.ts$` },
    },
    {
      name: "pure-helpers-are-leaves",
      comment: "Pure helpers (syndication, matching, util, plans, rules) import only other pure helpers.",
      severity: "error",
      from: { path: PURE, pathNot: "\\.test\\.ts$" },
      to: { path: CORE, pathNot: PURE },
    },
    {
      name: "adapters-know-no-domain",
      comment: "An AWS adapter (db, queues, blobs) serves every module and knows none: only pure helpers below it.",
      severity: "error",
      from: { path: ADAPTERS, pathNot: "\\.test\\.ts$" },
      to: { path: CORE, pathNot: [ADAPTERS, PURE] },
    },
    {
      name: "workflows-on-top",
      comment:
        "A workflow (ingestion, accounts) spans modules; a module below never calls one: return what happened and let the workflow act.",
      severity: "error",
      from: { path: CORE, pathNot: [WORKFLOWS, "\\.test\\.ts$"] },
      to: { path: WORKFLOWS, pathNot: "/rules\\.ts$" },
    },
    ...Object.entries(SDK_ADAPTERS).map(([sdk, adapter]) => ({
      name: "one-adapter-per-service",
      comment: `@aws-sdk/${sdk} is made and used in its one adapter (${adapter}): call that adapter.`,
      severity: "error",
      from: { path: "^packages/(core|functions)/src/", pathNot: [adapter, "\\.test\\.ts$"] },
      to: { path: `(^|/)node_modules/@aws-sdk/(${sdk})/` },
    })),
    {
      name: "core-module-public-face",
      comment: "Use the other module's index.ts (or rules.ts); its entities and internals are its own.",
      severity: "error",
      from: { path: "^packages/core/src/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^packages/core/src/[^/]+/",
        pathNot: ["^packages/core/src/$1/", "^packages/core/src/[^/]+/(index|rules)\\.ts$"],
      },
    },
    {
      name: "outside-core-public-face",
      comment: "Outside core, a module is reached through @graph/core/<module> (index.ts) or its rules.ts.",
      severity: "error",
      from: { path: "^(packages/(functions|local)|web)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^(packages/core|node_modules/@graph/core)/src/",
        pathNot: ["/src/[^/]+/(index|rules)\\.ts$", "/src/(errors|db)\\.ts$"],
      },
    },
    {
      name: "no-relative-reach-into-core",
      comment: "Import @graph/core/..., not a relative path into another workspace.",
      severity: "error",
      from: { path: "^(packages/(functions|local)|web)/" },
      to: { path: "^packages/core/", dependencyTypes: ["local"] },
    },
    {
      name: "web-imports-no-server-code",
      comment: "The web app may import core's rules (no I/O) and, as a type only, the API's AppType.",
      severity: "error",
      from: { path: "^web/" },
      to: {
        path: "^(packages/|node_modules/@graph/)",
        pathNot: "/core/src/[^/]+/(rules|builtin)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "rules-are-pure",
      comment: "A rules.ts holds limits, messages and schemas: no I/O, so pages can share it.",
      severity: "error",
      from: { path: "^packages/core/src/[^/]+/rules\\.ts$" },
      to: { path: "^packages/core/src/", pathNot: "^packages/core/src/[^/]+/(rules|builtin)\\.ts$" },
    },
    {
      name: "core-knows-no-runtime",
      comment: "core is the domain: no Hono, no Lambda handlers, no local runtime.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(packages/(functions|local)/|node_modules/(hono|@hono)/)" },
    },
    {
      name: "declared-dependencies",
      comment: "A workspace imports only the packages its own package.json declares (tests and tools use the root's).",
      severity: "error",
      from: { path: "^(packages/[^/]+|web)/", pathNot: ["\\.test\\.tsx?$", "^web/vite"] },
      // `aws-lambda` names only types (from the root's @types/aws-lambda): nothing to install or resolve.
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown", "unknown", "undetermined"], pathNot: "^aws-lambda$" },
    },
    {
      name: "resolvable",
      comment: "Every import resolves (a missing package or file fails here, not at run time).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^aws-lambda$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Packages are leaves (doNotFollow); workspace packages resolve into node_modules/@graph (symlinks kept).
    exclude: { path: "^(web/dist|\\.sst)/" },
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Each file is checked against its own workspace's package.json, not the root's.
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
