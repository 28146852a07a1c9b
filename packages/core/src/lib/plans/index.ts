/** The plan table is pure data, so it lives in `rules.ts` where the web app can read it too. */
export * from "./rules.ts";
export * from "./require.ts";
