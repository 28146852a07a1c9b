import { Hono } from "hono";
import { z } from "zod";
import { required } from "@graph/core/auth/rules";
import { notFound } from "@graph/core/errors";
import { FeedState } from "@graph/core/feed";
import * as FeedbackService from "@graph/core/feedback";
import { FEEDBACK_MAX, FEEDBACK_TOO_LONG } from "@graph/core/feedback/rules";
import * as Users from "@graph/core/users";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { idParam, jsonBody } from "./validate.ts";

const Feedback = z.object({
  feedback: required("Feedback must not be empty.").pipe(z.string().trim().max(FEEDBACK_MAX, FEEDBACK_TOO_LONG)),
});

export const users = new Hono<ApiEnv>()
  .get("/username/:id", idParam("id"), async (c) => {
    const user = await Users.byId(c.req.valid("param").id);
    if (!user) throw notFound("No such user.");
    return c.json({ username: user.username });
  })
  .post("/set_has_onboarded", requireSession, async (c) => {
    await Users.setHasOnboarded(currentUserId(c));
    return c.json({ ok: true as const });
  })
  .post("/clear_last_feed_refresh_at", requireSession, async (c) => {
    await FeedState.markStale(currentUserId(c));
    return c.json({ ok: true as const });
  })
  .post("/feedback", requireSession, jsonBody(Feedback), async (c) => {
    await FeedbackService.send(currentUserId(c), c.req.valid("json").feedback);
    return c.json({ ok: true as const });
  });
