import { Hono } from "hono";
import * as z from "zod";
import { required } from "@graph/core/modules/auth/rules";
import { notFound } from "@graph/core/lib/errors";
import { FeedState } from "@graph/core/modules/feed";
import * as Channels from "@graph/core/modules/channels";
import * as Digest from "@graph/core/modules/digest";
import * as FeedbackService from "@graph/core/modules/feedback";
import { FEEDBACK_MAX, FEEDBACK_TOO_LONG } from "@graph/core/modules/feedback/rules";
import * as Users from "@graph/core/modules/users";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { idParam, jsonBody } from "./validate.ts";

const Feedback = z.object({
  feedback: required("Feedback must not be empty.").pipe(z.string().trim().max(FEEDBACK_MAX, FEEDBACK_TOO_LONG)),
});

const section = (name: string) => z.boolean({ error: `sections.${name} must be true or false.` }).optional();

/**
 * A partial object: only the fields sent are saved (core checks their values). Days, times and
 * sections are the advanced digest's (pro and org); the rest is every plan's.
 */
const DigestChanges = z.object({
  wantsEmailDigest: z.boolean({ error: "wantsEmailDigest must be true or false." }).optional(),
  localTime: z.string({ error: "localTime must be a time like 10:00:00." }).max(16).optional(),
  timezone: z.string({ error: "timezone must be a time zone name." }).max(64).optional(),
  days: z
    .array(z.string({ error: "days must be a list of days like mon, tue." }).max(16), {
      error: "days must be a list of days like mon, tue.",
    })
    .max(14, "days must be a list of days like mon, tue.")
    .optional(),
  times: z
    .array(z.string({ error: "times must be a list of times like 10:00:00." }).max(16), {
      error: "times must be a list of times like 10:00:00.",
    })
    .max(16, "times must be a list of times like 10:00:00.")
    .optional(),
  sections: z
    .strictObject(
      {
        supertags: section("supertags"),
        followingFeed: section("followingFeed"),
        followingLikes: section("followingLikes"),
      },
      { error: "sections may set supertags, followingFeed and followingLikes, each true or false." },
    )
    .optional(),
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
  .get("/email_digest_preferences", requireSession, async (c) => c.json(await Digest.preferences(currentUserId(c))))
  .post("/update_email_digest_preferences", requireSession, jsonBody(DigestChanges), async (c) => {
    const changes = c.req.valid("json");
    const saved = await Digest.updatePreferences(currentUserId(c), changes);
    // The bot posts to Slack and Discord at the digest time: a new time moves it too.
    if (changes.localTime !== undefined || changes.timezone !== undefined || changes.times !== undefined)
      await Channels.reschedule(currentUserId(c));
    return c.json(saved);
  })
  .post("/feedback", requireSession, jsonBody(Feedback), async (c) => {
    await FeedbackService.send(currentUserId(c), c.req.valid("json").feedback);
    return c.json({ ok: true as const });
  });
