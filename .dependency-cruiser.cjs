/**
 * Module boundaries, checked by `npm run lint` (part of `npm test`): a violation fails the build.
 *
 * packages/core is four layers, and the folder a file sits in is its layer (docs/architecture.md):
 *   lib/        pure helpers: no I/O, nothing of the domain (matching, syndication parsing, plans, errors, csp)
 *   adapters/   one client per AWS or outside service (dynamo, queues, blobs, ses, rekognition,
 *               websockets, http, oauth, google, spotify, youtube, open-library, tmdb, stripe, ...)
 *   modules/    the domain, one folder a module (auth, users, topics, feed, chat, ...)
 *   workflows/  what spans modules (ingest, account deletion, trusting a source, ...)
 * An import only points down the layers (or sideways within adapters, modules and workflows).
 * A module's `rules.ts` (and topics' `builtin.ts`) is pure: limits, messages, schemas, which
 * adapters and the web app may import too. Every file of core sits in one of the four folders.
 *
 * - A unit of core (a folder of a layer) is used by others only through `index.ts` or `rules.ts`;
 *   entities and the rest are private to it.
 * - The other workspaces reach core through the `@graph/core` package, never a relative path.
 * - The web app imports no server code, only core's rules and (for types) the API's `AppType`.
 * - core knows nothing of Hono, Lambda or the local runtime.
 * - Each AWS SDK client and each outside service's SDK is imported in its one adapter only.
 * - Each workspace declares the packages it imports; every import resolves. No import circles.
 * Tests (`tests/`, `*.test.ts`) may read a module's internals to set up and check state.
 *
 * web/src is a shell, features and shared code (README, "The web app by feature"):
 *   app/                    the shell: entry, router, layout, header, guards, the session's provider
 *   features/<feature>/     one folder a feature: its calls (queryOptions), hooks, components, styles
 *   components/ hooks/ lib/ styles/ theme/   shared code every feature and the shell build on
 * - A feature uses another only through its `index.ts` (what it offers the others); the shell
 *   uses `index.ts` and `pages.ts` (its pages, loaded when first shown). No feature imports the shell.
 * - Shared code imports no feature and not the shell. Features do not import each other in a circle.
 */
const CORE = "^packages/core/src/";
const LAYERS = ["lib", "adapters", "modules", "workflows"];
const layer = (name) => `${CORE}${name}/`;
/** A module's pure face: its rules (and the built-in topics), no I/O. */
const RULES = `${CORE}(adapters|modules|workflows)/[^/]+/(rules|builtin)\\.ts$`;
/** Tests and their fixtures may reach anything they set up or check. */
const TEST = "(\\.test\\.ts$|/fixtures/)";
/** Each service's SDK and the one adapter that may import it. */
const SDK_ADAPTERS = {
  "@aws-sdk/(client-dynamodb|lib-dynamodb)": "dynamo",
  "@aws-sdk/client-sqs": "queues",
  "@aws-sdk/(client-s3|s3-presigned-post)": "blobs",
  "@aws-sdk/client-sesv2": "ses",
  "@aws-sdk/client-rekognition": "rekognition",
  "@aws-sdk/client-apigatewaymanagementapi": "websockets",
  stripe: "stripe",
  arctic: "(oauth|google)",
};
/**
 * What does I/O on its own: HTTP, TLS, DNS, files, processes. Not in the pure layer. (`node:net`
 * is left out: lib's address rules use its pure `isIP`; its sockets are reached only through http.)
 */
const NODE_IO = "^(node:)?(http|https|http2|tls|dns|dns/promises|dgram|fs|fs/promises|child_process)$";

const WEB = "^web/src/";
const FEATURE = `${WEB}features/`;
/** Shared code: what every feature and the shell build on. */
const SHARED = `${WEB}(components|hooks|lib|styles|theme)/`;
/** Where each file of web/src sits: the shell, one feature's folder, or shared code. */
const WEB_PLACES = `${WEB}(app/|features/[^/]+/|(components|hooks|lib|styles|theme)/)`;

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
      name: "core-file-in-a-layer",
      comment: `Every file of core sits in one of its layers' folders (${LAYERS.join(", ")}): put it where it belongs.`,
      severity: "error",
      from: { path: CORE, pathNot: `${CORE}(${LAYERS.join("|")})/[^/]+/` },
      to: {},
    },
    {
      name: "core-file-in-a-layer",
      comment: `Every file of core sits in one of its layers' folders (${LAYERS.join(", ")}): put it where it belongs.`,
      severity: "error",
      from: { path: CORE, pathNot: `${CORE}(${LAYERS.join("|")})/[^/]+/`, orphan: true },
      to: {},
    },
    {
      name: "no-own-index",
      comment: "Inside a unit, files import each other; index.ts is the unit's face to the others.",
      severity: "error",
      from: { path: `${CORE}([^/]+/[^/]+)/`, pathNot: ["/index\\.ts$", TEST] },
      to: { path: `${CORE}$1/index\\.ts$` },
    },
    {
      name: "lib-is-pure",
      comment: "lib/ holds pure helpers: they import only other pure helpers.",
      severity: "error",
      from: { path: layer("lib"), pathNot: TEST },
      to: { path: CORE, pathNot: layer("lib") },
    },
    {
      name: "lib-is-pure",
      comment: "lib/ holds pure helpers: no sockets, DNS, files or processes (that is an adapter's work).",
      severity: "error",
      from: { path: layer("lib"), pathNot: TEST },
      to: { dependencyTypes: ["core"], path: NODE_IO },
    },
    {
      name: "rules-are-pure",
      comment: "A rules.ts holds limits, messages and schemas: no I/O, so adapters and pages can share it.",
      severity: "error",
      from: { path: RULES },
      to: { path: CORE, pathNot: [layer("lib"), RULES] },
    },
    {
      name: "adapters-know-no-domain",
      comment:
        "An adapter serves every module and knows none: it imports lib, other adapters and modules' pure rules only.",
      severity: "error",
      from: { path: layer("adapters"), pathNot: TEST },
      to: { path: CORE, pathNot: [layer("lib"), layer("adapters"), RULES] },
    },
    {
      name: "workflows-on-top",
      comment: "A workflow spans modules; nothing below calls one: return what happened and let the workflow act.",
      severity: "error",
      from: { path: CORE, pathNot: [layer("workflows"), TEST] },
      to: { path: layer("workflows"), pathNot: RULES },
    },
    ...Object.entries(SDK_ADAPTERS).map(([sdk, adapter]) => ({
      name: "one-adapter-per-service",
      comment: `${sdk} is made and used in its one adapter (adapters/${adapter}): call that adapter.`,
      severity: "error",
      from: { path: "^packages/(core|functions)/src/", pathNot: [`${CORE}adapters/${adapter}/`, TEST] },
      // A type names no client (billing's webhook handling reads Stripe's event types).
      to: { path: `(^|/)node_modules/(${sdk})/`, dependencyTypesNot: ["type-only"] },
    })),
    {
      name: "core-unit-public-face",
      comment: "Use the other unit's index.ts (or rules.ts); its entities and internals are its own.",
      severity: "error",
      from: { path: `${CORE}([^/]+/[^/]+)/`, pathNot: TEST },
      to: {
        path: `${CORE}[^/]+/[^/]+/`,
        pathNot: [`${CORE}$1/`, `${CORE}[^/]+/[^/]+/(index|rules|builtin)\\.ts$`],
      },
    },
    {
      name: "outside-core-public-face",
      comment: "Outside core, a unit is reached through @graph/core/<layer>/<unit> (index.ts) or its rules.",
      severity: "error",
      from: { path: "^(packages/(functions|local)|web)/", pathNot: TEST },
      to: {
        path: "^(packages/core|node_modules/@graph/core)/src/",
        pathNot: ["/src/[^/]+/[^/]+/(index|rules|builtin)\\.ts$"],
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
        pathNot: "/core/src/[^/]+/[^/]+/(rules|builtin)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "web-file-in-its-place",
      comment: "Every file of the web app sits in the shell (app/), one feature's folder, or shared code.",
      severity: "error",
      from: { path: WEB, pathNot: WEB_PLACES },
      to: {},
    },
    {
      name: "web-file-in-its-place",
      comment: "Every file of the web app sits in the shell (app/), one feature's folder, or shared code.",
      severity: "error",
      from: { path: WEB, pathNot: WEB_PLACES, orphan: true },
      to: {},
    },
    {
      name: "web-feature-public-face",
      comment:
        "A feature uses another through its index.ts (what it offers the others), never its files: export what is needed there.",
      severity: "error",
      from: { path: `${FEATURE}([^/]+)/` },
      to: { path: FEATURE, pathNot: [`${FEATURE}$1/`, `${FEATURE}[^/]+/index\\.ts$`] },
    },
    {
      name: "web-shell-uses-public-faces",
      comment:
        "The shell reaches a feature through its index.ts, and its pages through its pages.ts (loaded when shown).",
      severity: "error",
      from: { path: `${WEB}app/` },
      to: { path: FEATURE, pathNot: `${FEATURE}[^/]+/(index|pages)\\.ts$` },
    },
    {
      name: "web-shared-knows-no-feature",
      comment:
        "Shared code serves every feature and knows none, nor the shell: move what it needs down, or have it passed in.",
      severity: "error",
      from: { path: SHARED },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: "web-features-below-the-shell",
      comment: "The shell places the features; a feature never imports it: what both need belongs in shared code.",
      severity: "error",
      from: { path: FEATURE },
      to: { path: `${WEB}app/` },
    },
    {
      name: "web-no-feature-cycle",
      comment:
        "Features that reach each other, however indirectly, are one tangle: move the shared part down, or let the one that composes the other pass it in.",
      severity: "error",
      scope: "folder",
      from: { path: `${FEATURE}[^/]+$` },
      to: { circular: true, path: `${FEATURE}[^/]+$` },
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
