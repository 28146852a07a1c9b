import { Hono } from "hono";
import { z } from "zod";
import * as Topics from "@graph/core/topics/index";
import { forbidden } from "@graph/core/errors";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { id, jsonBody } from "./validate.ts";

const AddTopics = z.object({
  keyTopicsArray: z
    .array(z.string().max(2000, "A topic is too long."), { error: "keyTopicsArray must be a list of topics" })
    .max(Topics.TOPIC_LIMITS.maxTopics, Topics.MESSAGES.tooMany),
});
const TopicRef = z.object({ topicId: id("topicId") });

const AimInput = z.union([z.string(), z.object({ id: z.string().max(128).optional(), content: z.string() })]);
const SaveAims = z.object({
  aims: z
    .array(AimInput, { error: "aims must be a list" })
    .max(20, `You can have at most ${Topics.AIM_LIMITS.maxAims} aims.`),
});

/** `/gpt/*`: topics (the path is the product's historical name for them). */
export const topics = new Hono<ApiEnv>()
  .get("/from_db/:id", async (c) => c.json(await Topics.list(c.req.param("id").slice(0, 64))))
  .post("/to_db", requireSession, jsonBody(AddTopics), async (c) =>
    c.json({ topics: await Topics.add(currentUserId(c), c.req.valid("json").keyTopicsArray) }),
  )
  .post("/remove_topic", requireSession, jsonBody(TopicRef), async (c) => {
    await Topics.remove(currentUserId(c), c.req.valid("json").topicId);
    return c.json({ ok: true });
  })
  .post("/toggle_supertag", requireSession, jsonBody(TopicRef), async (c) =>
    c.json(await Topics.toggleSupertag(currentUserId(c), c.req.valid("json").topicId)),
  );

export const aims = new Hono<ApiEnv>()
  .get("/from_db/:userId", requireSession, async (c) => {
    const userId = currentUserId(c);
    if (c.req.param("userId") !== userId) throw forbidden("You can only read your own aims.");
    return c.json(await Topics.listAims(userId));
  })
  .post("/to_db", requireSession, jsonBody(SaveAims), async (c) => {
    const input = c.req.valid("json").aims.map((a) => (typeof a === "string" ? { content: a } : a));
    return c.json({ aims: await Topics.replaceAims(currentUserId(c), input) });
  });
