import { getMany, isConditionFailure } from "../../adapters/dynamo/index.ts";
import { PhraseFollowersEntity } from "./phrase-followers.entity.ts";
import { ASSOCIATION_LIMITS } from "./suggestion-rules.ts";
import { log } from "../../lib/observability/index.ts";

/** Writes to the samples in flight at once (a person may add 300 topics in one request). */
const CONCURRENCY = 8;
const SAMPLE_SIZE: number = ASSOCIATION_LIMITS.followerSample;

/**
 * Enters a person in the follower samples of phrases they now follow, and records how each
 * phrase was written. A sample that is full keeps the people it has (a sample needs no more),
 * and one that names the person already stays as it is; its `topic` is still written. These are secondary data: a failure is logged, never the
 * answer to the person whose topics were saved.
 */
export async function followPhrases(userId: string, topics: ReadonlyArray<{ topic: string; phrase: string }>) {
  await eachLimited(topics, async ({ topic, phrase }) => {
    try {
      await PhraseFollowersEntity.upsert({ phrase, topic })
        .add({ users: [userId], sampled: 1 })
        .where(
          (attr, op) =>
            `(${op.notExists(attr.sampled)} OR ${op.lt(attr.sampled, SAMPLE_SIZE)}) AND ${op.notContains(attr.users, userId)}`,
        )
        .go({ response: "none" });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await PhraseFollowersEntity.upsert({ phrase, topic }).go({ response: "none" });
    }
  }).catch((error: unknown) => log.error("topics: follower samples not updated", { userId, error }));
}

/** Takes a person out of a phrase's follower sample (logged on failure, like `followPhrases`). */
export async function unfollowPhrase(userId: string, phrase: string) {
  await PhraseFollowersEntity.update({ phrase })
    .delete({ users: [userId] })
    .add({ sampled: -1 })
    .where((attr, op) => op.contains(attr.users, userId))
    .go({ response: "none" })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) log.error("topics: a follower sample not updated", { error });
    });
}

/** The follower samples of phrases (missing ones left out), `phrase` → user ids. */
export async function followerSamples(phrases: string[]): Promise<Map<string, string[]>> {
  type Sample = { phrase: string; users?: Set<string> | string[] };
  const data = await getMany<Sample>(
    PhraseFollowersEntity,
    phrases.map((phrase) => ({ phrase })),
    ["phrase", "users"],
  );
  return new Map(data.map((d) => [d.phrase, [...(d.users ?? [])]]));
}

/** How phrases were written by the people who added them, `phrase` → topic, where known. */
export async function spellings(phrases: string[]): Promise<Map<string, string>> {
  type Spelling = { phrase: string; topic?: string };
  const data = await getMany<Spelling>(
    PhraseFollowersEntity,
    phrases.map((phrase) => ({ phrase })),
    ["phrase", "topic"],
  );
  return new Map(data.flatMap((d) => (d.topic ? [[d.phrase, d.topic] as const] : [])));
}

async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
