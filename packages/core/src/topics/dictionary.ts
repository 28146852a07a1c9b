import { PhraseMatcher } from "../matching/matcher.ts";
import { DICTIONARY_SHARDS, DictionaryPhraseEntity } from "./topic.entity.ts";

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
