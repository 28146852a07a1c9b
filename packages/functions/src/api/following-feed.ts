import { Hono } from "hono";
import * as z from "zod";
import { FOLLOWING_FEED } from "@graph/core/modules/follows/rules";
import * as FollowingFeed from "@graph/core/modules/following-feed";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { input } from "./validate.ts";

/** A whole number from a query string, within bounds (absent: the default). */
const count = (name: string, fallback: number, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);
};

const Page = z.object({
  limit: count("limit", FOLLOWING_FEED.pageSize, 1, FOLLOWING_FEED.pageSize),
  offset: count("offset", 0, 0, FOLLOWING_FEED.maxOffset),
});

/** `/feed/following`: friends' feed sessions, newest first, a page at a time. */
export const followingFeed = new Hono<ApiEnv>().get("/following", requireSession, input("query", Page), async (c) => {
  const { limit, offset } = c.req.valid("query");
  return c.json(await FollowingFeed.page(currentUserId(c), { limit, offset }));
});
