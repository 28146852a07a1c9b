/**
 * Module boundaries, checked by `npm run lint` (part of `npm test`): a violation fails the build.
 *
 * - A domain module of packages/core (a folder: auth, users, feed, ...) is used by others only
 *   through its public face: `index.ts` (server code) or `rules.ts` (limits and messages with no
 *   I/O, which the web app may import too). Entities and the rest are private to their module.
 * - The other workspaces reach core through the `@graph/core` package, never a relative path.
 * - The web app imports no server code, only core's rules and (for types) the API's `AppType`.
 * - core knows nothing of Hono, Lambda or the local runtime.
 * Tests (`tests/`, `*.test.ts`) may read a module's internals to set up and check state.
 */
module.exports = {
  forbidden: [
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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Workspace packages resolve into node_modules/@graph (symlinks kept): those edges are checked.
    exclude: { path: "(^|/)node_modules/(?!@graph/)|(^|/)(dist|\\.sst)/" },
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
