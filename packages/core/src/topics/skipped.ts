import { transact } from "../db.ts";
import { badRequest, UnavailableError } from "../errors.ts";
import { displayTopic, phraseKey } from "../matching/index.ts";
import { ensureCounts } from "./counts.ts";
import { topicIdOf } from "./ids.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "./rules.ts";
import { SkippedTopicEntity } from "./skipped-topic.entity.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";

/** A change that lost a race with another change of the same skipped topic is tried again this often. */
const ATTEMPTS = 4;

export interface SkippedTopicView {
  id: string;
  /** Its name, when the skip named it. */
  topic: string | null;
  skippedAt: number;
}

/**
 * Skips a topic: it is not suggested to the person again until they clear it. The skip and the
 * person's count of skips change in one transaction whose condition keeps the count within
 * `maxSkipped`, so parallel skips cannot pass it. Skipping a skipped topic again changes nothing.
 */
export async function skip(userId: string, topicId: string, name?: string): Promise<void> {
  let topic: string | undefined;
  if (name !== undefined && name.trim() !== "") {
    const phrase = phraseKey(name);
    if (!phrase || topicIdOf(phrase) !== topicId) throw badRequest(SUGGESTION_MESSAGES.topicMismatch);
    topic = displayTopic(name);
  }
  await ensureCounts(userId);
  const limit: number = SUGGESTION_LIMITS.maxSkipped;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await transact([
      SkippedTopicEntity.create({ userId, topicId, skippedAt: Date.now(), ...(topic ? { topic } : {}) }),
      TopicCountsEntity.update({ userId })
        .add({ skipped: 1 })
        .where((attr, op) => `${op.notExists(attr.skipped)} OR ${op.lt(attr.skipped, limit)}`),
    ]);
    if (!result.canceled) return;
    if (result.reasons[0] !== "None") return; // skipped already
    if (result.reasons[1] !== "None") throw badRequest(SUGGESTION_MESSAGES.tooManySkipped, "limit_reached");
  }
  throw new UnavailableError();
}

/** Clears a skipped topic, so it may be suggested again; clearing one that is not skipped changes nothing. */
export async function unskip(userId: string, topicId: string): Promise<void> {
  await ensureCounts(userId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { data } = await SkippedTopicEntity.get({ userId, topicId }).go();
    if (!data) return;
    const result = await transact([
      SkippedTopicEntity.delete({ userId, topicId }).where((attr, op) => op.exists(attr.skippedAt)),
      TopicCountsEntity.update({ userId }).add({ skipped: -1 }),
    ]);
    if (!result.canceled) return;
  }
  throw new UnavailableError();
}

/** The person's skipped topics, the latest first. */
export async function listSkipped(userId: string): Promise<SkippedTopicView[]> {
  const { data } = await SkippedTopicEntity.query.byUser({ userId }).go({ pages: "all" });
  return data
    .map((s) => ({ id: s.topicId, topic: s.topic ?? null, skippedAt: s.skippedAt }))
    .sort((a, b) => b.skippedAt - a.skippedAt || (a.id < b.id ? -1 : 1));
}

/** The ids of the person's skipped topics. */
export async function skippedIds(userId: string): Promise<Set<string>> {
  const { data } = await SkippedTopicEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["topicId"] });
  return new Set(data.map((s) => s.topicId));
}
