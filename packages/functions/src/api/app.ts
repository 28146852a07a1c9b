import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { VisibleError } from "@graph/core/lib/errors";
import { account } from "./account.ts";
import { agent } from "./agent.ts";
import { atomFeed } from "./atom-feed.ts";
import { auth } from "./auth.ts";
import { channels } from "./channels.ts";
import { articles, rss } from "./feed.ts";
import { follows } from "./follows.ts";
import { google } from "./google.ts";
import { followingFeed } from "./following-feed.ts";
import type { ApiEnv, ClientAddressOf } from "./env.ts";
import { errorAnswer, type ErrorBody } from "./errors.ts";
import { images } from "./images.ts";
import { books, movies } from "./media.ts";
import { digest, FORM_PATHS } from "./digest.ts";
import { discord, DISCORD_WEBHOOK_PATHS } from "./discord.ts";
import { clientAddress, jsonOnly, loadSession, sameOrigin, siteOrigin } from "./middleware.ts";
import { messages } from "./messages.ts";
import { filters } from "./filters.ts";
import { mutes } from "./mutes.ts";
import { opml } from "./opml.ts";
import { overlap } from "./overlap.ts";
import { password } from "./password.ts";
import { reader } from "./reader.ts";
import { contacts, PROFILE_FORM_PATHS, profileUsers, thoughts, websites } from "./profile.ts";
import { search } from "./search.ts";
import { slack, SLACK_WEBHOOK_PATHS } from "./slack.ts";
import { spotify } from "./spotify.ts";
import { plans, stripe, WEBHOOK_PATHS } from "./stripe.ts";
import { aims, topics } from "./topics.ts";
import { tumble } from "./tumble.ts";
import { users } from "./users.ts";
import { watchHistory } from "./watch-history.ts";
import { youtube } from "./youtube.ts";
import { observeRequests } from "./observe.ts";

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
    .use(loadSession)
    .route("/", auth)
    .route("/", google)
    .route("/", search)
    .route("/password", password)
    .route("/users", users)
    .route("/users", account)
    .route("/users", follows)
    .route("/overlap", overlap)
    .route("/feed", followingFeed)
    .route("/gpt", topics)
    .route("/aims", aims)
    .route("/rss", rss)
    .route("/mutes", mutes)
    .route("/tumble", tumble)
    .route("/filters", filters)
    .route("/opml", opml)
    .route("/articles", articles)
    .route("/reader", reader)
    .route("/digest", digest)
    .route("/users", profileUsers)
    .route("/contacts", contacts)
    .route("/thoughts", thoughts)
    .route("/websites", websites)
    .route("/images", images)
    .route("/books", books)
    .route("/movies", movies)
    .route("/spotify", spotify)
    .route("/youtube", youtube)
    .route("/slack", slack)
    .route("/discord", discord)
    .route("/channels", channels)
    .route("/youtube", watchHistory)
    .route("/messages", messages)
    .route("/stripe", stripe)
    .route("/plans", plans)
    .route("/atom", atomFeed)
    .route("/agent", agent);

  app.notFound((c) => c.json({ error: "Not found.", code: "not_found" } satisfies ErrorBody, 404));
  app.onError(errorAnswer);
  return app;
}

export type Api = ReturnType<typeof createApi>;
export type AppType = Api;
