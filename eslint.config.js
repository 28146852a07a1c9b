// @ts-check
/**
 * ESLint, run by `npm run lint` (scripts/lint.mjs) with dependency-cruiser (which owns module
 * boundaries) and knip (which owns unused files, exports and dependencies). Prettier owns
 * formatting: no style rules here.
 *
 * Every TypeScript file gets typescript-eslint's recommended rules. The code that ships (core,
 * functions, the local runtime, the web app) is also linted with type information, for the rules
 * that catch what tsc does not: a promise nobody awaits or handles, a promise where a callback
 * returning nothing is expected, awaiting what is not a promise, throwing what is not an Error.
 * Tests, scripts and infra/ get no type information: tsc checks their types, and a type-aware
 * lint over them doubled the lint's time for rules that found nothing a test would not.
 */
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SHIPPED = ["packages/*/src/**/*.ts", "web/src/**/*.{ts,tsx}"];
const NOT_SHIPPED = ["**/*.test.ts", "**/*.test.tsx", "**/fixtures/**", "packages/local/src/demo/**"];

export default defineConfig([
  globalIgnores(["**/dist/", ".sst/", ".data/", ".bundles/", ".tsbuild/", "**/sst-env.d.ts", "web/public/preview/"]),

  js.configs.recommended,
  tseslint.configs.recommended,
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    rules: {
      // `_name` marks what a signature must accept but does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },

  {
    files: SHIPPED,
    ignores: NOT_SHIPPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          // React Router's navigate settles the navigation itself (a failing route shows its error
          // element); its promise is there to wait on, not to handle, as its own <Link> does not.
          allowForKnownSafeCalls: [{ from: "package", package: "react-router", name: "NavigateFunction" }],
        },
      ],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/only-throw-error": "error",
      "@typescript-eslint/prefer-promise-reject-errors": "error",
      "@typescript-eslint/no-base-to-string": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },

  // What runs on AWS logs through core's logger (structured, redacted), never the console.
  {
    files: ["packages/core/src/**/*.ts", "packages/functions/src/**/*.ts"],
    ignores: NOT_SHIPPED,
    rules: {
      "no-console": "error",
      // zod's `z` export is its whole namespace: esbuild then keeps all of zod (≈470 kB) in every
      // bundle, compiled at each cold start; `import * as z from "zod"` keeps only what is used.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: 'Use `import * as z from "zod"` (docs/bundles.md).',
        },
        // The SDK's logger middleware copies every request and answer for a logger that discards them.
        {
          selector:
            ":not(CallExpression[callee.name='withoutSdkLogging']) > NewExpression[callee.name=/^(ApiGatewayManagementApi|DynamoDB|Rekognition|S3|SESv2|SQS)Client$/]",
          message: "Make an AWS SDK client as `withoutSdkLogging(new XClient(…))` (adapters/aws).",
        },
      ],
    },
  },

  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["web/public/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },

  // The web app: React's rules of hooks (with the compiler-era checks) and accessibility.
  {
    files: ["web/src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A label's text may sit a level deeper than the rule's default looks (a title and a byline in spans).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      // Failures, limits and confirmations are said in the page (toasts, role="alert", its own
      // dialog), never in the browser's blocking alert, confirm or prompt.
      "no-alert": "error",
    },
  },
]);
