import { Hono } from "hono";
import * as z from "zod";
import { forbidden } from "@graph/core/lib/errors";
import * as Follows from "@graph/core/modules/follows";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { id, input, jsonBody } from "./validate.ts";

const Target = z.object({ userId: id("userId") });
const Pair = z.object({ viewer: id("viewer"), target: id("target") });
const Person = z.object({ id: id("id") });

/**
 * `/users/*` of following: follow and unfollow as the signed-in person, their follow lists, and
 * whether they follow someone. Mounted beside the users sub-app, so each route carries its own
 * `requireSession` (a sub-app-wide middleware would reach the other `/users` routes too).
 */
export const follows = new Hono<ApiEnv>()
  .post("/follow", requireSession, jsonBody(Target), async (c) =>
    c.json(await Follows.follow(currentUserId(c), c.req.valid("json").userId)),
  )
  .post("/unfollow", requireSession, jsonBody(Target), async (c) =>
    c.json(await Follows.unfollow(currentUserId(c), c.req.valid("json").userId)),
  )
  .get("/see_following/:id", requireSession, input("param", Person), async (c) => {
    if (c.req.valid("param").id !== currentUserId(c)) throw forbidden("You can only see your own follows.");
    return c.json(await Follows.lists(currentUserId(c)));
  })
  .get("/check_follow/:viewer/:target", requireSession, input("param", Pair), async (c) => {
    const { viewer, target } = c.req.valid("param");
    if (viewer !== currentUserId(c)) throw forbidden("You can only check your own follows.");
    return c.json({ isFollowing: await Follows.isFollowing(viewer, target) });
  });
