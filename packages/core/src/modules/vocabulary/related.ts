import { decodeStrong } from "./foreground.ts";
import { PhraseVocabularyEntity, VOCABULARY_SHARDS } from "./phrase-vocabulary.entity.ts";
import { RelatedMatcher } from "./related-matcher.ts";

/**
 * The process's related matcher over every phrase's strong terms, cached like the dictionary:
 * loaded whole once, then kept current by reading only the phrases whose terms changed since
 * the last sync, at most once per SYNC_MS (terms change slowly; a related match found a little
 * late is found by the re-run over recent articles that a change queues).
 */
let related: RelatedMatcher | undefined;
let syncedFrom = 0;
let syncing: Promise<RelatedMatcher> | undefined;
const SYNC_MS = 15_000;
/** Re-read a little before the last sync, so a write racing the previous sync is not missed. */
const OVERLAP_MS = 5_000;

export function currentRelated(now = Date.now()): Promise<RelatedMatcher> {
  if (related && now >= syncedFrom && now - syncedFrom < SYNC_MS) return Promise.resolve(related);
  syncing ??= sync().finally(() => {
    syncing = undefined;
  });
  return syncing;
}

async function sync(): Promise<RelatedMatcher> {
  const startedAt = Date.now();
  // A clock put back (as a test's moved clock is) would read changes only from a time still to
  // come: everything is read again instead.
  const whole = !related || startedAt < syncedFrom;
  const target = whole ? new RelatedMatcher() : related!;
  const shards = Array.from({ length: VOCABULARY_SHARDS }, (_, shard) => shard);
  const pages = await Promise.all(
    shards.map((shard) =>
      !whole
        ? PhraseVocabularyEntity.query
            .changedSince({ shard })
            .gte({ strongAt: syncedFrom - OVERLAP_MS })
            .go({ pages: "all", attributes: ["phrase", "strong"] })
        : PhraseVocabularyEntity.query.byShard({ shard }).go({ pages: "all", attributes: ["phrase", "strong"] }),
    ),
  );
  for (const { data } of pages) for (const item of data) target.set(item.phrase, decodeStrong(item.strong ?? []));
  related = target;
  syncedFrom = startedAt;
  return target;
}
