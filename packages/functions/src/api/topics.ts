import { Hono } from "hono";
import * as z from "zod";
import { forbidden } from "@graph/core/lib/errors";
import * as Profile from "@graph/core/modules/profile";
import * as Suggestions from "@graph/core/modules/suggestions";
import * as Topics from "@graph/core/modules/topics";
import {
  AIM_LIMITS,
  MESSAGES,
  SUGGESTION_LIMITS,
  SUGGESTION_MESSAGES,
  TOPIC_LIMITS,
} from "@graph/core/modules/topics/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { id, idParam, jsonBody } from "./validate.ts";

const AddTopics = z.object({
  keyTopicsArray: z
    .array(z.string().max(2000, "A topic is too long."), { error: "keyTopicsArray must be a list of topics" })
    .max(TOPIC_LIMITS.maxTopics, MESSAGES.tooMany),
});
const TopicRef = z.object({ topicId: id("topicId") });
const Supertag = z.object({
  topicId: id("topicId"),
  /** The state the person wants: a retried request then cannot flip it back. */
  isSupertag: z.boolean({ error: "isSupertag must be true or false" }).optional(),
});

/** A list of topic ids, each a non-empty string of at most 128 characters. */
const topicIdList = (message: string, max: number, tooMany: string) =>
  z
    .array(z.string({ error: message }).min(1, message).max(128, message), { error: message })
    .max(max, tooMany)
    .optional();
const SimilarTopics = z.object({
  seedTopicIds: topicIdList(
    SUGGESTION_MESSAGES.badSeeds,
    SUGGESTION_LIMITS.maxSeedIds,
    SUGGESTION_MESSAGES.tooManySeeds,
  ),
  excludeIds: topicIdList(
    SUGGESTION_MESSAGES.badExcludes,
    SUGGESTION_LIMITS.maxExcludeIds,
    SUGGESTION_MESSAGES.tooManyExcludes,
  ),
  limit: z
    .number({ error: SUGGESTION_MESSAGES.badLimit })
    .int(SUGGESTION_MESSAGES.badLimit)
    .min(1, SUGGESTION_MESSAGES.badLimit)
    .max(SUGGESTION_LIMITS.maxLimit, SUGGESTION_MESSAGES.badLimit)
    .optional(),
});
const SkipTopic = z.object({
  topicId: id("topicId"),
  /** Its name, kept to list it among the skipped topics; it must be the topic the id names. */
  topic: z.string({ error: "topic must be text" }).max(2000, "topic is too long").optional(),
});

const AimInput = z.union([z.string(), z.object({ id: z.string().max(128).optional(), content: z.string() })]);
const SaveAims = z.object({
  // Empty aims are dropped before the limit applies, so a few more may be sent.
  aims: z.array(AimInput, { error: "aims must be a list" }).max(4 * AIM_LIMITS.maxAims, MESSAGES.tooManyAims),
});

/** `/gpt/*`: topics (the path is the product's historical name for them). */
export const topics = new Hono<ApiEnv>()
  .get("/from_db/:id", idParam("id"), async (c) =>
    c.json(await Profile.readSection(c.req.valid("param").id, "topics", viewerOf(c), Topics.list)),
  )
  .post("/to_db", requireSession, jsonBody(AddTopics), async (c) =>
    c.json({ topics: await Topics.add(currentUserId(c), c.req.valid("json").keyTopicsArray) }),
  )
  .post("/remove_topic", requireSession, jsonBody(TopicRef), async (c) => {
    await Topics.remove(currentUserId(c), c.req.valid("json").topicId);
    return c.json({ ok: true as const });
  })
  .post("/toggle_supertag", requireSession, jsonBody(Supertag), async (c) => {
    const { topicId, isSupertag } = c.req.valid("json");
    return c.json(await Topics.toggleSupertag(currentUserId(c), topicId, isSupertag));
  })
  .post("/similar_topics", requireSession, jsonBody(SimilarTopics), async (c) =>
    c.json({ similarTopics: await Suggestions.similarTopics(currentUserId(c), c.req.valid("json")) }),
  )
  .post("/skip_topic", requireSession, jsonBody(SkipTopic), async (c) => {
    const { topicId, topic } = c.req.valid("json");
    await Topics.skip(currentUserId(c), topicId, topic);
    return c.json({ ok: true as const });
  })
  /** Clears a skipped topic, so it may be suggested again (the spec leaves this path open). */
  .post("/unskip_topic", requireSession, jsonBody(TopicRef), async (c) => {
    await Topics.unskip(currentUserId(c), c.req.valid("json").topicId);
    return c.json({ ok: true as const });
  })
  .get("/skipped_topics/:id", requireSession, idParam("id"), async (c) => {
    const userId = currentUserId(c);
    if (c.req.valid("param").id !== userId) throw forbidden(SUGGESTION_MESSAGES.notYours);
    return c.json({ skippedTopics: await Topics.listSkipped(userId) });
  });

export const aims = new Hono<ApiEnv>()
  .get("/from_db/:userId", requireSession, idParam("userId"), async (c) => {
    const userId = currentUserId(c);
    if (c.req.valid("param").userId !== userId) throw forbidden("You can only read your own aims.");
    return c.json(await Topics.listAims(userId));
  })
  .post("/to_db", requireSession, jsonBody(SaveAims), async (c) => {
    const input = c.req.valid("json").aims.map((a) => (typeof a === "string" ? { content: a } : a));
    return c.json({ aims: await Topics.replaceAims(currentUserId(c), input) });
  })
  /** Replaces every aim with the list sent, as new aims (ids sent are not kept). */
  .post("/to_db_bulk_replace", requireSession, jsonBody(SaveAims), async (c) => {
    const input = c.req.valid("json").aims.map((a) => ({ content: typeof a === "string" ? a : a.content }));
    return c.json({ aims: await Topics.replaceAims(currentUserId(c), input) });
  });
