import { createHash } from "node:crypto";
import { getMany, isConditionFailure } from "../../adapters/dynamo/index.ts";
import { PhraseMatcher } from "../../lib/matching/index.ts";
import { DictionaryClockEntity } from "./dictionary-clock.entity.ts";
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

/** The sync under way, and the one callers who came during it share (it starts when that one ends). */
let syncing: Promise<PhraseMatcher> | undefined;
let following: Promise<PhraseMatcher> | undefined;

/**
 * The process's matcher, synced by a read that started after this call: a phrase added before
 * the call is in it. Calls made while a sync is under way share the next one (a sync that began
 * before them could miss what they must see), so many fetches at once cost one sync each time,
 * not one each (16 queries).
 */
export function currentMatcher(): Promise<PhraseMatcher> {
  if (!syncing) {
    syncing = sync().finally(() => {
      syncing = undefined;
    });
    return syncing;
  }
  following ??= syncing
    .catch(() => undefined)
    .then(() => {
      following = undefined;
      return currentMatcher();
    });
  return following;
}

async function sync(): Promise<PhraseMatcher> {
  const startedAt = Date.now();
  // A clock put back (as a test's moved clock is) would read changes only from a time still to
  // come: the whole dictionary is read again instead.
  if (!matcher || startedAt < syncedFrom) {
    const fresh = new PhraseMatcher();
    const pages = await Promise.all(
      shards().map((shard) => DictionaryPhraseEntity.query.byShard({ shard }).go({ pages: "all" })),
    );
    for (const { data } of pages) apply(fresh, data);
    matcher = fresh;
  } else {
    const since = syncedFrom - OVERLAP_MS;
    const clocks = await getMany<{ shard: number; changedAt: number }>(
      DictionaryClockEntity,
      shards().map((shard) => ({ shard })),
      ["shard", "changedAt"],
      { consistent: true },
    );
    // A shard whose clock is older than the window had no change since the last sync read it.
    const changed = clocks.filter((c) => c.changedAt >= since).map((c) => c.shard);
    const pages = await Promise.all(
      changed.map((shard) =>
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

type Stats = { phrase: string; postings?: number; backfillQueuedAt?: number; backfilledAt?: number };

/**
 * Entries read lately, by phrase, with when they were read. Only settled ones are kept: a phrase
 * that has postings and no backfill under way. Such an entry never starts a backfill again (one
 * is queued only for a phrase without postings), so it can only grow its count of postings, and
 * a rarity up to STATS_TTL_MS old ranks as well as a fresh one. Every refresh of every person
 * following a phrase reads it, so in a warm process most refreshes read few of these.
 */
const settled = new Map<string, { stats: Stats; readAt: number }>();
const STATS_TTL_MS = 10 * 60 * 1000;
/** Entries kept at most; past it the oldest half goes (a Map iterates in insertion order). */
const STATS_KEPT = 20_000;

const rarityOf = (postings: number | undefined) => Math.log(1 + 1000 / (1 + (postings ?? 0))) / Math.log(1001);

/**
 * What a feed refresh needs to know of its phrases, in at most one read of their dictionary
 * entries: of the phrases not settled in this process within STATS_TTL_MS.
 */
export async function phraseStats(phrases: string[], now = Date.now()): Promise<PhraseStats> {
  if (phrases.length === 0) return { rarity: new Map(), backfilling: false };
  const known: Stats[] = [];
  const unknown: string[] = [];
  for (const phrase of phrases) {
    const kept = settled.get(phrase);
    if (kept && now >= kept.readAt && now - kept.readAt < STATS_TTL_MS) known.push(kept.stats);
    else unknown.push(phrase);
  }
  // Read on every refresh, for every topic not settled here: see `getMany`.
  const read =
    unknown.length === 0
      ? []
      : await getMany<Stats>(
          DictionaryPhraseEntity,
          unknown.map((phrase) => ({ shard: shardOf(phrase), phrase })),
          ["phrase", "postings", "backfillQueuedAt", "backfilledAt"],
        );
  for (const stats of read) {
    if (!stats.postings || isBackfilling(stats, now)) continue;
    settled.delete(stats.phrase);
    settled.set(stats.phrase, { stats, readAt: now });
  }
  if (settled.size > STATS_KEPT) {
    for (const phrase of [...settled.keys()].slice(0, settled.size / 2)) settled.delete(phrase);
  }
  const data = [...known, ...read];
  return {
    rarity: new Map(data.map((d) => [d.phrase, rarityOf(d.postings)])),
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

/**
 * Moves the clocks of these phrases' shards to `at` (never back), before their followers change
 * with `updatedAt: at`: a sync that reads a clock in its window queries that shard, and one
 * that read it just before the change still finds the change in the next sync's overlap.
 */
export async function markShardsChanged(phrases: string[], at: number): Promise<void> {
  await Promise.all(
    [...new Set(phrases.map(shardOf))].map((shard) =>
      DictionaryClockEntity.upsert({ shard, changedAt: at })
        .where((attr, op) => `${op.notExists(attr.changedAt)} OR ${op.lt(attr.changedAt, at)}`)
        .go({ response: "none" })
        .catch((error: unknown) => {
          // It is at `at` or later already.
          if (!isConditionFailure(error)) throw error;
        }),
    ),
  );
}

/** The dictionary shard of a phrase. */
export const shardOf = (phrase: string) => createHash("md5").update(phrase).digest()[0]! % DICTIONARY_SHARDS;

/**
 * Every phrase someone follows that has matched an article: the phrases whose postings tell
 * what articles are about (the subject-topics job counts them).
 */
export async function matchedPhrases(): Promise<string[]> {
  const pages = await Promise.all(
    shards().map((shard) =>
      DictionaryPhraseEntity.query
        .byShard({ shard })
        .where((attr, op) => `${op.gt(attr.followers, 0)} AND ${op.gt(attr.postings, 0)}`)
        .go({ pages: "all", attributes: ["phrase"] }),
    ),
  );
  return pages.flatMap(({ data }) => data.map((d) => d.phrase));
}
