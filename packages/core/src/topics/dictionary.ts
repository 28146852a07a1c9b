import { createHash } from "node:crypto";
import { getMany } from "../db.ts";
import { PhraseMatcher } from "../matching/index.ts";
import { DICTIONARY_SHARDS, DictionaryPhraseEntity } from "./dictionary-phrase.entity.ts";

/**
 * The process's matcher over everyone's topic phrases. Loaded whole once per process, then
 * kept current by reading only the phrases changed since the last sync, so a person adding
 * or removing topics never makes anyone rebuild the dictionary.
 */
let matcher: PhraseMatcher | undefined;
let syncedFrom = 0;
/** Re-read a little before the last sync, so a write racing the previous sync is not missed. */
const OVERLAP_MS = 5_000;

const shards = () => Array.from({ length: DICTIONARY_SHARDS }, (_, shard) => shard);

function apply(target: PhraseMatcher, rows: Array<{ phrase: string; followers: number }>) {
  for (const { phrase, followers } of rows) {
    if (followers > 0) target.add(phrase);
    else target.remove(phrase);
  }
}

export async function currentMatcher(): Promise<PhraseMatcher> {
  const startedAt = Date.now();
  if (!matcher) {
    const fresh = new PhraseMatcher();
    const pages = await Promise.all(
      shards().map((shard) => DictionaryPhraseEntity.query.byShard({ shard }).go({ pages: "all" })),
    );
    for (const { data } of pages) apply(fresh, data);
    matcher = fresh;
  } else {
    const since = syncedFrom - OVERLAP_MS;
    const pages = await Promise.all(
      shards().map((shard) =>
        DictionaryPhraseEntity.query.changedSince({ shard }).gte({ updatedAt: since }).go({ pages: "all" }),
      ),
    );
    for (const { data } of pages) apply(matcher, data);
  }
  syncedFrom = startedAt;
  return matcher;
}

/**
 * The process's matcher as last synced, without syncing again (loaded first if it never was):
 * for work that follows a sync at once, such as counting the articles ingestion is matching.
 */
export async function syncedMatcher(): Promise<PhraseMatcher> {
  return matcher ?? currentMatcher();
}

/**
 * Counts matches of phrases (their rarity), one per occurrence in `phrases`, one write per
 * phrase; updatedAt is left alone so matchers don't re-read them for this.
 */
export async function countPostings(phrases: string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const phrase of phrases) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  await Promise.all(
    [...counts].map(([phrase, count]) =>
      DictionaryPhraseEntity.update({ shard: shardOf(phrase), phrase })
        .add({ postings: count })
        .go(),
    ),
  );
}

/** A backfill queued longer ago than this is taken as lost (its feed stops waiting for it). */
const BACKFILL_WAIT_MS = 10 * 60 * 1000;

export interface PhraseStats {
  /** Rarity in (0, 1] per phrase: a phrase in few articles says more than one in many. */
  rarity: Map<string, number>;
  /** Whether any of the phrases is still being matched against recent articles (a backfill under way). */
  backfilling: boolean;
}

/** What a feed refresh needs to know of its phrases, in one read of their dictionary entries. */
export async function phraseStats(phrases: string[], now = Date.now()): Promise<PhraseStats> {
  if (phrases.length === 0) return { rarity: new Map(), backfilling: false };
  type Stats = { phrase: string; postings?: number; backfillQueuedAt?: number; backfilledAt?: number };
  // Read on every refresh, for every topic: see `getMany`.
  const data = await getMany<Stats>(
    DictionaryPhraseEntity,
    phrases.map((phrase) => ({ shard: shardOf(phrase), phrase })),
    ["phrase", "postings", "backfillQueuedAt", "backfilledAt"],
  );
  return {
    rarity: new Map(data.map((d) => [d.phrase, Math.log(1 + 1000 / (1 + (d.postings ?? 0))) / Math.log(1001)])),
    backfilling: data.some((d) => isBackfilling(d, now)),
  };
}

/** Whether any of the phrases is still being matched against recent articles (a backfill under way). */
export async function backfilling(phrases: string[], now = Date.now()): Promise<boolean> {
  return (await phraseStats(phrases, now)).backfilling;
}

function isBackfilling(d: { backfillQueuedAt?: number; backfilledAt?: number }, now: number): boolean {
  return (
    d.backfillQueuedAt !== undefined &&
    d.backfillQueuedAt > now - BACKFILL_WAIT_MS &&
    (d.backfilledAt ?? 0) < d.backfillQueuedAt
  );
}

/** Records that these phrases have been matched against recent articles. */
export async function markBackfilled(phrases: string[], now = Date.now()): Promise<void> {
  await Promise.all(
    phrases.map((phrase) =>
      DictionaryPhraseEntity.patch({ shard: shardOf(phrase), phrase })
        .set({ backfilledAt: now })
        .go(),
    ),
  );
}

/** The dictionary shard of a phrase. */
export const shardOf = (phrase: string) => createHash("md5").update(phrase).digest()[0]! % DICTIONARY_SHARDS;
