import type { Hono } from "hono";
import type { BlankSchema } from "hono/types";
import { account } from "./account.ts";
import { agent } from "./agent.ts";
import { atomFeed } from "./atom-feed.ts";
import { auth } from "./auth.ts";
import { channels } from "./channels.ts";
import { digest } from "./digest.ts";
import { discord } from "./discord.ts";
import type { ApiEnv } from "./env.ts";
import { articles, rss } from "./feed.ts";
import { filters } from "./filters.ts";
import { followingFeed } from "./following-feed.ts";
import { follows } from "./follows.ts";
import { google } from "./google.ts";
import { images } from "./images.ts";
import { pictures } from "./pictures.ts";
import { books, movies } from "./media.ts";
import { messages } from "./messages.ts";
import { mutes } from "./mutes.ts";
import { opml } from "./opml.ts";
import { reader } from "./reader.ts";
import { overlap } from "./overlap.ts";
import { password } from "./password.ts";
import { contacts, profileUsers, thoughts, websites } from "./profile.ts";
import { search } from "./search.ts";
import { slack } from "./slack.ts";
import { spotify } from "./spotify.ts";
import { plans, stripe } from "./stripe.ts";
import { aims, topics } from "./topics.ts";
import { tumble } from "./tumble.ts";
import { users } from "./users.ts";
import { watchHistory } from "./watch-history.ts";
import { youtube } from "./youtube.ts";

/**
 * The API's routes as its clients see them (`hc<AppType>`): every group mounted as routes.ts
 * mounts them when first requested. Only its type is read (app.ts imports it as a type), so no
 * function's bundle holds this module.
 */
function _mountAll(app: Hono<ApiEnv, BlankSchema, "/api">) {
  return app
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
    .route("/pictures", pictures)
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
}

export type TypedApi = ReturnType<typeof _mountAll>;
