import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import { AimsEntity } from "./aims.entity.ts";
import { DictionaryPhraseEntity } from "./dictionary-phrase.entity.ts";
import { markShardsChanged, shardOf } from "./dictionary.ts";
import { PhraseFollowersEntity } from "./phrase-followers.entity.ts";
import { SkippedTopicEntity } from "./skipped-topic.entity.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";
import { TopicEntity } from "./topic.entity.ts";

/** Topics removed at once (each is a small transaction of its own). */
const CONCURRENCY = 8;

/**
 * Removes everything of a deleted account this module keeps: its topics (each taken out of the
 * dictionary's follower count in the transaction that deletes it, so a rerun never counts it
 * twice), its place in the phrases' follower samples (before its topic goes: a rerun finds the
 * topic and tries again), its skipped topics, aims and counts. Safe to run again.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const { data: topics } = await TopicEntity.query.byUser({ userId }).go({ pages: "all" });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, topics.length) }, async () => {
      while (next < topics.length) {
        const topic = topics[next++]!;
        await leaveSample(userId, topic.phrase);
        const now = Date.now();
        await markShardsChanged([topic.phrase], now);
        const result = await transact([
          TopicEntity.delete({ userId, topicId: topic.topicId }).where((attr, op) => op.exists(attr.phrase)),
          DictionaryPhraseEntity.upsert({
            shard: shardOf(topic.phrase),
            phrase: topic.phrase,
            updatedAt: now,
          }).add({
            followers: -1,
          }),
        ]);
        // Cancelled only when the topic is gone already (an earlier run): nothing left to count.
        if (result.canceled && result.reasons[0] !== "ConditionalCheckFailed") throw new UnavailableError();
      }
    }),
  );
  const { data: skipped } = await SkippedTopicEntity.query.byUser({ userId }).go({ pages: "all" });
  await deleteKeys(
    SkippedTopicEntity,
    skipped.map(({ topicId }) => ({ userId, topicId })),
  );
  await Promise.all([AimsEntity.delete({ userId }).go(), TopicCountsEntity.delete({ userId }).go()]);
}

/** Takes a person out of a phrase's follower sample; absent from it already is fine. */
async function leaveSample(userId: string, phrase: string): Promise<void> {
  await PhraseFollowersEntity.update({ phrase })
    .delete({ users: [userId] })
    .add({ sampled: -1 })
    .where((attr, op) => op.contains(attr.users, userId))
    .go({ response: "none" })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
