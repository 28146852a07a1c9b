import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { VisibleError } from "@graph/core/lib/errors";
import type { ApiEnv, ClientAddressOf } from "./env.ts";
import { errorAnswer, notFoundAnswer } from "./errors.ts";
import { clientAddress, jsonOnly, loadSession, sameOrigin, siteOrigin } from "./middleware.ts";
import { observeRequests } from "./observe.ts";
import { DISCORD_WEBHOOK_PATHS, FORM_PATHS, PROFILE_FORM_PATHS, SLACK_WEBHOOK_PATHS, WEBHOOK_PATHS } from "./paths.ts";
import type { TypedApi } from "./route-types.ts";
import { mountRouteGroups } from "./routes.ts";

/** JSON bodies are small; anything larger is refused before it is read. Uploads have their own path. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The HTTP API, mounted at /api. Each runtime (Lambda, the local server, tests) passes
 * how it learns the caller's address; everything else is the same everywhere.
 */
export function createApi(options: { clientAddressOf: ClientAddressOf }) {
  const app = new Hono<ApiEnv>()
    .basePath("/api")
    .use(observeRequests)
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => errorAnswer(new VisibleError(413, "payload_too_large", "The request body is too large."), c),
      }),
    )
    .use(clientAddress(options.clientAddressOf))
    .use(sameOrigin(siteOrigin, [...WEBHOOK_PATHS, ...SLACK_WEBHOOK_PATHS, ...DISCORD_WEBHOOK_PATHS]))
    .use(
      jsonOnly([
        ...FORM_PATHS,
        ...PROFILE_FORM_PATHS,
        ...WEBHOOK_PATHS,
        ...SLACK_WEBHOOK_PATHS,
        ...DISCORD_WEBHOOK_PATHS,
      ]),
    )
    .use(loadSession);
  // The route groups, each imported when first requested (routes.ts).
  mountRouteGroups(app);

  app.notFound(notFoundAnswer);
  app.onError(errorAnswer);
  // Typed with every route, as the groups answer them once loaded (route-types.ts).
  return app as unknown as TypedApi;
}

export type Api = ReturnType<typeof createApi>;
export type AppType = Api;
