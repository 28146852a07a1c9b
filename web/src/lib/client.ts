import { hc } from "hono/client";
import type { AppType } from "@graph/functions/api/app";

/**
 * The API, typed from its routes: request bodies, queries and answers come from the Hono app
 * itself, so a renamed field fails the type check here instead of at run time. Calls go through
 * `call` (api.ts), which turns a refusal into an `ApiError`.
 */
export const client = hc<AppType>("/", { init: { credentials: "include" } });
