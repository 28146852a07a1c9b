import type { EntityItem } from "electrodb";
import { isConditionFailure, itemRead, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, notFound, UnavailableError } from "../../lib/errors/index.ts";
import * as Interests from "../interests/index.ts";
import { displayTopic, phraseKey } from "../../lib/matching/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { DictionaryPhraseEntity } from "./dictionary-phrase.entity.ts";
import { markShardsChanged, shardOf } from "./dictionary.ts";
import { ensureCounts } from "./counts.ts";
import { followPhrases, unfollowPhrase } from "./followers.ts";
import { topicIdOf } from "./ids.ts";
import { MESSAGES, TOPIC_LIMITS } from "./rules.ts";
import { showsNothing } from "../../lib/text/rules.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";
import { TopicEntity } from "./topic.entity.ts";

export { TOPIC_LIMITS, AIM_LIMITS, MESSAGES, BUILTIN_TOPICS, SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "./rules.ts";
export {
  currentMatcher,
  countPostings,
  matchedPhrases,
  phraseStats,
  shardOf,
  backfilling,
  markBackfilled,
  type PhraseStats,
} from "./dictionary.ts";
export { listAims, replaceAims, type AimView } from "./aims.ts";
export { recordAssociations } from "./associations.ts";
export {
  similarTopics,
  type OutsideSuggestion,
  type SimilarTopicsRequest,
  type SuggestedTopic,
} from "./suggestions.ts";
export { skip, unskip, listSkipped, type SkippedTopicView } from "./skipped.ts";
export { neighboursOf, type TextNeighbours } from "./neighbours.ts";
export type { Topic } from "./topic.entity.ts";
export { purgeAccount } from "./purge.ts";
export { list, listRaw, phraseFollowers, type TopicView } from "./list.ts";
import { list, listRaw, type TopicView } from "./list.ts";

/** Topics a transaction adds at most: with their dictionary entries and the counts, within DynamoDB's 100 items. */
const TOPICS_PER_TRANSACTION = 49;
/** A change that lost a race with another change of the same topics is tried again this often. */
const ATTEMPTS = 8;

export { topicIdOf };

/**
 * When the person's topics last changed (0 when never): a feed computed before then is out of
 * date. A read for `getTogether` (with other reads of the person in one request).
 */
export const changedAtRead = (userId: string) =>
  itemRead<EntityItem<typeof TopicCountsEntity>, "changedAt", number>(
    TopicCountsEntity,
    { userId },
    ["changedAt"],
    (counts) => counts?.changedAt ?? 0,
  );

/** Topics as typed (comma-separated pieces), normalised and de-duplicated by phrase. */
export function normalise(raw: string[]): Array<{ topic: string; phrase: string }> {
  const seen = new Set<string>();
  const topics: Array<{ topic: string; phrase: string }> = [];
  for (const piece of raw.flatMap((r) => r.split(","))) {
    const topic = displayTopic(piece);
    const phrase = phraseKey(piece);
    // A topic that shows nothing (a Hangul filler folds to a "letter") is no topic, as an empty one.
    if (!phrase || seen.has(phrase) || showsNothing(topic)) continue;
    if (topic.length > TOPIC_LIMITS.maxLength || phrase.split(" ").length > TOPIC_LIMITS.maxWords) {
      throw badRequest(MESSAGES.tooLong);
    }
    seen.add(phrase);
    topics.push({ topic, phrase });
  }
  return topics;
}

/**
 * Adds topics to a person. The topics, their dictionary entries and the person's topic count
 * are written in one transaction whose condition keeps the count within the limit, so parallel
 * requests cannot pass it. A phrase nobody matched before is backfilled against recent
 * articles in the background, so it has matches within moments.
 */
export async function add(userId: string, raw: string[]): Promise<TopicView[]> {
  const wanted = normalise(raw);
  if (wanted.length === 0) throw badRequest(MESSAGES.noTopics);
  await ensureCounts(userId);
  const added: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const have = new Set((await listRaw(userId)).map((t) => t.phrase));
    const fresh = wanted.filter((t) => !have.has(t.phrase) && !added.includes(t.phrase));
    if (fresh.length === 0) break;
    if (have.size + fresh.length > TOPIC_LIMITS.maxTopics) throw badRequest(MESSAGES.tooMany, "limit_reached");
    const raced = await addInTransactions(userId, fresh, added);
    if (!raced) break;
    if (attempt === ATTEMPTS) throw new UnavailableError();
  }
  if (added.length > 0) await Interests.changed(userId, ["topic"]);
  await backfillNewPhrases(added);
  await followPhrases(
    userId,
    wanted.filter((t) => added.includes(t.phrase)),
  );
  return list(userId);
}

/** Writes `fresh` in transactions; answers whether one lost a race (a topic added meanwhile). */
async function addInTransactions(
  userId: string,
  fresh: Array<{ topic: string; phrase: string }>,
  added: string[],
): Promise<boolean> {
  const now = Date.now();
  for (let i = 0; i < fresh.length; i += TOPICS_PER_TRANSACTION) {
    const part = fresh.slice(i, i + TOPICS_PER_TRANSACTION);
    await markShardsChanged(
      part.map((t) => t.phrase),
      now,
    );
    const result = await transact([
      TopicCountsEntity.update({ userId })
        .add({ topics: part.length })
        .set({ changedAt: now })
        .where((attr, op) => op.lte(attr.topics, TOPIC_LIMITS.maxTopics - part.length)),
      ...part.flatMap(({ topic, phrase }, index) => [
        TopicEntity.create({ userId, topicId: topicIdOf(phrase), topic, phrase, createdAt: now + i + index }),
        // upsert (not update) so the "changed since" index keys are written with the item.
        DictionaryPhraseEntity.upsert({ shard: shardOf(phrase), phrase, updatedAt: now }).add({ followers: 1 }),
      ]),
    ]);
    if (result.canceled) {
      if (result.reasons[0] !== "None") throw badRequest(MESSAGES.tooMany, "limit_reached");
      return true;
    }
    added.push(...part.map((t) => t.phrase));
  }
  return false;
}

/**
 * Queues a backfill for the phrases no article has matched yet. The first to mark a phrase
 * queues it; if queueing fails the mark is taken back so the next add tries again.
 */
async function backfillNewPhrases(phrases: string[]): Promise<void> {
  if (phrases.length === 0) return;
  const { data } = await DictionaryPhraseEntity.get(phrases.map((phrase) => ({ shard: shardOf(phrase), phrase }))).go();
  const now = Date.now();
  const claimed: string[] = [];
  for (const entry of data.filter((d) => !d.postings && d.backfillQueuedAt === undefined)) {
    const won = await DictionaryPhraseEntity.patch({ shard: entry.shard, phrase: entry.phrase })
      .set({ backfillQueuedAt: now })
      .where((attr, op) => op.notExists(attr.backfillQueuedAt))
      .go()
      .then(() => true)
      .catch((error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      });
    if (won) claimed.push(entry.phrase);
  }
  try {
    for (let i = 0; i < claimed.length; i += 50) {
      await enqueue(IngestQueue, [{ kind: "backfill", phrases: claimed.slice(i, i + 50) }]);
    }
  } catch (error) {
    await Promise.all(
      claimed.map((phrase) =>
        DictionaryPhraseEntity.patch({ shard: shardOf(phrase), phrase })
          .remove(["backfillQueuedAt"])
          .go(),
      ),
    );
    throw error;
  }
}

export async function remove(userId: string, topicId: string): Promise<void> {
  await ensureCounts(userId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { data: topic } = await TopicEntity.get({ userId, topicId }).go();
    if (!topic) return;
    const now = Date.now();
    await markShardsChanged([topic.phrase], now);
    // The condition on isSupertag keeps the supertag count right if it is toggled meanwhile.
    const result = await transact([
      TopicEntity.delete({ userId, topicId }).where((attr, op) => op.eq(attr.isSupertag, topic.isSupertag)),
      TopicCountsEntity.update({ userId })
        .add({ topics: -1, supertags: topic.isSupertag ? -1 : 0 })
        .set({ changedAt: now }),
      DictionaryPhraseEntity.upsert({ shard: shardOf(topic.phrase), phrase: topic.phrase, updatedAt: now }).add({
        followers: -1,
      }),
    ]);
    if (!result.canceled) {
      await Interests.changed(userId, ["topic"]);
      await unfollowPhrase(userId, topic.phrase);
      return;
    }
  }
  throw new UnavailableError();
}

/**
 * Makes a topic a supertag or a plain topic again; answers the new state. With `isSupertag`
 * given, sets that state (a retried request cannot flip it back); without, flips it. The
 * supertag count changes in the same transaction, so at most five hold under parallel requests.
 */
export async function toggleSupertag(
  userId: string,
  topicId: string,
  isSupertag?: boolean,
): Promise<{ isSupertag: boolean }> {
  await ensureCounts(userId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { data: topic } = await TopicEntity.get({ userId, topicId }).go();
    if (!topic) throw notFound("No such topic.");
    const next = isSupertag ?? !topic.isSupertag;
    if (next === topic.isSupertag) return { isSupertag: next };
    const now = Date.now();
    const limit: number = TOPIC_LIMITS.maxSupertags;
    const counts = next
      ? TopicCountsEntity.update({ userId })
          .add({ supertags: 1 })
          .set({ changedAt: now })
          .where((attr, op) => op.lt(attr.supertags, limit))
      : TopicCountsEntity.update({ userId }).add({ supertags: -1 }).set({ changedAt: now });
    const result = await transact([
      TopicEntity.patch({ userId, topicId })
        .set({ isSupertag: next })
        .where((attr, op) => op.eq(attr.isSupertag, topic.isSupertag)),
      counts,
    ]);
    if (!result.canceled) return { isSupertag: next };
    if (result.reasons[1] !== "None") throw forbidden(MESSAGES.maxSupertags, "supertag_limit");
  }
  throw new UnavailableError();
}
export { personData } from "./person-data.ts";
