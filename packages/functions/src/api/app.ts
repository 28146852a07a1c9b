import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { Resource } from "sst";
import { RateLimitedError, VisibleError } from "@graph/core/errors";
import { auth } from "./auth.ts";
import { articles, rss } from "./feed.ts";
import type { ApiEnv, ClientAddressOf } from "./env.ts";
import { clientAddress, jsonOnly, loadSession, sameOrigin } from "./middleware.ts";
import { password } from "./password.ts";
import { aims, topics } from "./topics.ts";
import { users } from "./users.ts";

const siteOrigin = () => [new URL(Resource.Config.siteUrl).origin];

/**
 * The HTTP API, mounted at /api. Each runtime (Lambda, the local server, tests) passes
 * how it learns the caller's address; everything else is the same everywhere.
 */
export function createApi(options: { clientAddressOf: ClientAddressOf }) {
  const app = new Hono<ApiEnv>()
    .basePath("/api")
    .use(clientAddress(options.clientAddressOf))
    .use(sameOrigin(siteOrigin))
    .use(jsonOnly)
    .use(loadSession)
    .route("/", auth)
    .route("/password", password)
    .route("/users", users)
    .route("/gpt", topics)
    .route("/aims", aims)
    .route("/rss", rss)
    .route("/articles", articles);

  app.notFound((c) => c.json({ error: "Not found." }, 404));
  app.onError((error, c) => {
    if (error instanceof VisibleError) {
      if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfter));
      return c.json({ ...error.extra, error: error.message }, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ error: status === 400 ? "The request body is not valid JSON." : error.message }, status);
    }
    console.error("unhandled API error", c.req.method, c.req.path, error);
    return c.json({ error: "Something went wrong. Please try again later." }, 500);
  });
  return app;
}

export type Api = ReturnType<typeof createApi>;
export type AppType = Api;
