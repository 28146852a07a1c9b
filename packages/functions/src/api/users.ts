import { Hono } from "hono";
import { z } from "zod";
import * as Accounts from "@graph/core/auth/accounts";
import { required } from "@graph/core/auth/rules";
import { notFound } from "@graph/core/errors";
import * as FeedState from "@graph/core/feed/state";
import * as Users from "@graph/core/users/index";
import { searchPeople } from "@graph/core/users/search";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

export const FEEDBACK_MAX = 5000;
const Feedback = z.object({
  feedback: required("Feedback must not be empty.").pipe(
    z.string().trim().max(FEEDBACK_MAX, `Feedback must be at most ${FEEDBACK_MAX} characters.`),
  ),
});

export const users = new Hono<ApiEnv>()
  .get("/username/:id", async (c) => {
    const user = await Users.byId(c.req.param("id").slice(0, 64));
    if (!user) throw notFound("No such user.");
    return c.json({ username: user.username });
  })
  .get("/search", requireSession, async (c) =>
    c.json(await searchPeople((c.req.query("q") ?? "").slice(0, 100), currentUserId(c))),
  )
  .post("/set_has_onboarded", requireSession, async (c) => {
    await Users.setHasOnboarded(currentUserId(c));
    return c.json({ ok: true });
  })
  .post("/clear_last_feed_refresh_at", requireSession, async (c) => {
    await FeedState.markStale(currentUserId(c));
    return c.json({ ok: true });
  })
  .post("/feedback", requireSession, jsonBody(Feedback), async (c) => {
    await Accounts.sendFeedback(currentUserId(c), c.req.valid("json").feedback);
    return c.json({ ok: true });
  });
