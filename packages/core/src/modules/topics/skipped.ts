import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, UnavailableError } from "../../lib/errors/index.ts";
import { displayTopic, phraseKey } from "../../lib/matching/index.ts";
import { mapLimited } from "../../lib/util/index.ts";
import { ensureCounts } from "./counts.ts";
import { topicIdOf } from "./ids.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "./rules.ts";
import { SkippedTopicEntity } from "./skipped-topic.entity.ts";
import { suggestionNames } from "./suggestions.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";

/** A change that lost a race with another change of the same skipped topic is tried again this often. */
const ATTEMPTS = 4;
/** Names found for older skips are stored this many at a time. */
const NAMING_CONCURRENCY = 8;

export interface SkippedTopicView {
  id: string;
  /**
   * Its name: as the skip named it, or else as graph's suggestion data names the id (null only
   * for an id none of it knows any more).
   */
  topic: string | null;
  skippedAt: number;
}

/**
 * Skips a topic: it is not suggested to the person again until they clear it. The skip and the
 * person's count of skips change in one transaction whose condition keeps the count within
 * `maxSkipped`, so parallel skips cannot pass it. Skipping a skipped topic again changes nothing.
 * A skip by id alone is stored with the name the suggestion data gives the id.
 */
export async function skip(userId: string, topicId: string, name?: string): Promise<void> {
  let topic: string | undefined;
  if (name !== undefined && name.trim() !== "") {
    const phrase = phraseKey(name);
    if (!phrase || topicIdOf(phrase) !== topicId) throw badRequest(SUGGESTION_MESSAGES.topicMismatch);
    topic = displayTopic(name);
  } else {
    topic = (await suggestionNames(userId, [topicId])).get(topicId);
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

/**
 * The person's skipped topics, the latest first. A skip stored without a name (by id alone,
 * before skips were named) is named from the suggestion data where it can be, and the name is
 * stored with it.
 */
export async function listSkipped(userId: string): Promise<SkippedTopicView[]> {
  const { data } = await SkippedTopicEntity.query.byUser({ userId }).go({ pages: "all" });
  const unnamed = data.flatMap((s) => (s.topic ? [] : [s.topicId]));
  const names = unnamed.length > 0 ? await suggestionNames(userId, unnamed) : new Map<string, string>();
  await mapLimited([...names], NAMING_CONCURRENCY, async ([topicId, topic]) => {
    try {
      await SkippedTopicEntity.patch({ userId, topicId })
        .set({ topic })
        .where((attr, op) => op.notExists(attr.topic))
        .go({ response: "none" });
    } catch (error) {
      // Cleared (or named) meanwhile: nothing to store.
      if (!isConditionFailure(error)) throw error;
    }
  });
  return data
    .map((s) => ({ id: s.topicId, topic: s.topic ?? names.get(s.topicId) ?? null, skippedAt: s.skippedAt }))
    .sort((a, b) => b.skippedAt - a.skippedAt || (a.id < b.id ? -1 : 1));
}
