import { describe, expect, it } from "vitest";
import * as Topics from "@graph/core/modules/topics";
import { DictionaryPhraseEntity } from "../../packages/core/src/modules/topics/dictionary-phrase.entity.ts";
import { shardOf } from "../../packages/core/src/modules/topics/dictionary.ts";

const MINUTE = 60_000;
const key = (phrase: string) => ({ shard: shardOf(phrase), phrase });

/**
 * A refresh's phrase stats: settled phrases (with postings, no backfill under way) are kept in
 * the process for ten minutes, so a rarity may be that old; whether a backfill is under way is
 * never taken from what was kept.
 */
describe("phrase stats for a refresh", () => {
  it("keeps a settled phrase's rarity for ten minutes and always reads a phrase that may be backfilling", async () => {
    const run = Date.now().toString(36);
    const settled = `settled ${run}`;
    const backfilled = `backfilled ${run}`;
    const now = Date.now();
    await DictionaryPhraseEntity.create({ ...key(settled), updatedAt: now, postings: 5 }).go();
    await DictionaryPhraseEntity.create({ ...key(backfilled), updatedAt: now, backfillQueuedAt: now }).go();

    const first = await Topics.phraseStats([settled, backfilled], now);
    expect(first.backfilling).toBe(true);
    const rarity = first.rarity.get(settled)!;

    // The backfill ends and the settled phrase appears in many more articles.
    await DictionaryPhraseEntity.patch(key(backfilled))
      .set({ backfilledAt: now + 1, postings: 3 })
      .go();
    await DictionaryPhraseEntity.patch(key(settled)).set({ postings: 5000 }).go();

    const soon = await Topics.phraseStats([settled, backfilled], now + MINUTE);
    expect(soon.backfilling).toBe(false); // read again: it was not settled
    expect(soon.rarity.get(settled)).toBe(rarity); // kept

    const later = await Topics.phraseStats([settled, backfilled], now + 11 * MINUTE);
    expect(later.rarity.get(settled)).toBeLessThan(rarity); // read again: commoner now
  });
});
