import { Hono } from "hono";
import * as z from "zod";
import * as Channels from "@graph/core/modules/channels";
import type { ApiEnv } from "./env.ts";
import { currentPlan, currentUserId, requireSession } from "./middleware.ts";
import { idParam, input } from "./validate.ts";

/** What routing topics to a channel sends: the ids of the person's topics (the cap is core's, with its message). */
const TopicsBody = z.object({
  topics: z.array(z.string().min(1).max(128)).max(100, "too many topics"),
});

/** A channel's weekly team digest (org): on or off, and its weekday (0 Sunday … 6 Saturday). */
const TeamDigestBody = z.object({
  on: z.boolean(),
  day: z.number().int().min(0, "day must be from 0 to 6").max(6, "day must be from 0 to 6").optional(),
});

/**
 * `/channels/*`: the person's connected Slack and Discord channels (kind, workspace, status), a
 * test message, the topics routed to a channel and its weekly team digest (org), and unlink (revoked at the service, then removed).
 */
export const channels = new Hono<ApiEnv>()
  .get("/", requireSession, async (c) => c.json(await Channels.list(currentUserId(c), currentPlan(c))))
  .post("/:id/test", requireSession, idParam("id"), async (c) =>
    c.json(await Channels.sendTest(currentUserId(c), c.req.valid("param").id)),
  )
  .patch("/:id", requireSession, idParam("id"), input("json", TopicsBody), async (c) =>
    c.json(
      await Channels.setTopics(currentUserId(c), currentPlan(c), c.req.valid("param").id, c.req.valid("json").topics),
    ),
  )
  .put("/:id/team-digest", requireSession, idParam("id"), input("json", TeamDigestBody), async (c) =>
    c.json(
      await Channels.setTeamDigest(currentUserId(c), currentPlan(c), c.req.valid("param").id, c.req.valid("json")),
    ),
  )
  .delete("/:id", requireSession, idParam("id"), async (c) => {
    await Channels.unlink(currentUserId(c), c.req.valid("param").id);
    return c.json({ removed: true as const });
  });
