import { createHash, randomUUID } from "node:crypto";
import { isConditionFailure } from "../db.ts";
import { forbidden, badRequest, notFound } from "../errors.ts";
import { enqueueFeedJobs } from "../jobs/feed-queue.ts";
import { displayTopic, phraseKey } from "../matching/normalize.ts";
import * as FeedState from "../feed/state.ts";
import { AimEntity, DICTIONARY_SHARDS, DictionaryPhraseEntity, TopicEntity, type Topic } from "./topic.entity.ts";

export const TOPIC_LIMITS = { maxTopics: 300, maxLength: 60, maxWords: 6, maxSupertags: 5 } as const;
export const AIM_LIMITS = { maxAims: 5, maxLength: 280 } as const;
export const MESSAGES = {
  maxSupertags: "you can only have a max of 5 supertags",
  tooMany: `You can have at most ${TOPIC_LIMITS.maxTopics} topics.`,
  tooLong: `Topics are at most ${TOPIC_LIMITS.maxLength} characters and ${TOPIC_LIMITS.maxWords} words.`,
  noTopics: "Add at least one topic.",
} as const;

export const topicIdOf = (phrase: string) => createHash("sha256").update(phrase).digest("base64url").slice(0, 16);
export const shardOf = (phrase: string) => createHash("md5").update(phrase).digest()[0]! % DICTIONARY_SHARDS;

export interface TopicView {
  id: string;
  topic: string;
  isSupertag: boolean;
}

const view = (t: Topic): TopicView => ({ id: t.topicId, topic: t.topic, isSupertag: t.isSupertag });

export async function listRaw(userId: string): Promise<Topic[]> {
  const { data } = await TopicEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.sort((a, b) => a.createdAt - b.createdAt || a.topic.localeCompare(b.topic));
}

export async function list(userId: string): Promise<TopicView[]> {
  return (await listRaw(userId)).map(view);
}

/** Topics as typed (comma-separated pieces), normalised and de-duplicated by phrase. */
export function normalise(raw: string[]): Array<{ topic: string; phrase: string }> {
  const seen = new Set<string>();
  const topics: Array<{ topic: string; phrase: string }> = [];
  for (const piece of raw.flatMap((r) => r.split(","))) {
    const topic = displayTopic(piece);
    const phrase = phraseKey(piece);
    if (!phrase || seen.has(phrase)) continue;
    if (topic.length > TOPIC_LIMITS.maxLength || phrase.split(" ").length > TOPIC_LIMITS.maxWords) {
      throw badRequest(MESSAGES.tooLong);
    }
    seen.add(phrase);
    topics.push({ topic, phrase });
  }
  return topics;
}

/**
 * Adds topics to a person. A phrase nobody followed before joins the dictionary and is
 * backfilled against recent articles in the background, so it has matches within moments.
 */
export async function add(userId: string, raw: string[]): Promise<TopicView[]> {
  const wanted = normalise(raw);
  if (wanted.length === 0) throw badRequest(MESSAGES.noTopics);
  const existing = await listRaw(userId);
  const have = new Set(existing.map((t) => t.phrase));
  const fresh = wanted.filter((t) => !have.has(t.phrase));
  if (existing.length + fresh.length > TOPIC_LIMITS.maxTopics) throw badRequest(MESSAGES.tooMany);

  const now = Date.now();
  const newPhrases: string[] = [];
  await Promise.all(
    fresh.map(async ({ topic, phrase }, index) => {
      const created = await TopicEntity.create({
        userId,
        topicId: topicIdOf(phrase),
        topic,
        phrase,
        createdAt: now + index,
      })
        .go()
        .then(() => true)
        .catch((error: unknown) => {
          if (isConditionFailure(error)) return false; // added concurrently
          throw error;
        });
      if (!created) return;
      // upsert (not update) so the "changed since" index keys are written with the item.
      const { data } = await DictionaryPhraseEntity.upsert({ shard: shardOf(phrase), phrase, updatedAt: now })
        .add({ followers: 1 })
        .go({ response: "all_new" });
      if ((data.followers ?? 1) === 1 && !data.postings) newPhrases.push(phrase);
    }),
  );
  if (newPhrases.length) await enqueueFeedJobs(chunk(newPhrases, 50).map((phrases) => ({ kind: "backfill", phrases })));
  if (fresh.length) await FeedState.markStale(userId);
  return list(userId);
}

export async function remove(userId: string, topicId: string): Promise<void> {
  const { data } = await TopicEntity.delete({ userId, topicId }).go({ response: "all_old" });
  if (!data) return;
  await DictionaryPhraseEntity.upsert({ shard: shardOf(data.phrase), phrase: data.phrase, updatedAt: Date.now() })
    .add({ followers: -1 })
    .go();
  await FeedState.markStale(userId);
}

export async function toggleSupertag(userId: string, topicId: string): Promise<{ isSupertag: boolean }> {
  const topics = await listRaw(userId);
  const topic = topics.find((t) => t.topicId === topicId);
  if (!topic) throw notFound("No such topic.");
  const isSupertag = !topic.isSupertag;
  if (isSupertag && topics.filter((t) => t.isSupertag).length >= TOPIC_LIMITS.maxSupertags) {
    throw forbidden(MESSAGES.maxSupertags);
  }
  await TopicEntity.patch({ userId, topicId }).set({ isSupertag }).go();
  await FeedState.markStale(userId);
  return { isSupertag };
}

export interface AimView {
  id: string;
  content: string;
}

export async function listAims(userId: string): Promise<AimView[]> {
  const { data } = await AimEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.sort((a, b) => a.position - b.position).map((a) => ({ id: a.aimId, content: a.content }));
}

/** Replaces a person's aims with `aims` (existing ids kept, empty ones dropped). */
export async function replaceAims(userId: string, aims: Array<{ id?: string; content: string }>): Promise<AimView[]> {
  const kept = aims.map((a) => ({ ...a, content: a.content.trim() })).filter((a) => a.content.length > 0);
  if (kept.length > AIM_LIMITS.maxAims) throw badRequest(`You can have at most ${AIM_LIMITS.maxAims} aims.`);
  if (kept.some((a) => a.content.length > AIM_LIMITS.maxLength)) {
    throw badRequest(`Aims are at most ${AIM_LIMITS.maxLength} characters.`);
  }
  const current = await AimEntity.query.byUser({ userId }).go({ pages: "all" });
  const currentIds = new Set(current.data.map((a) => a.aimId));
  const next = kept.map((a, position) => ({
    userId,
    aimId: a.id && currentIds.has(a.id) ? a.id : randomUUID(),
    content: a.content,
    position,
  }));
  const nextIds = new Set(next.map((a) => a.aimId));
  const removed = current.data.filter((a) => !nextIds.has(a.aimId)).map((a) => ({ userId, aimId: a.aimId }));
  if (next.length) await AimEntity.put(next).go();
  if (removed.length) await AimEntity.delete(removed).go();
  return next.map((a) => ({ id: a.aimId, content: a.content }));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
