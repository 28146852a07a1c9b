import * as Articles from "../articles/index.ts";
import * as Topics from "../topics/index.ts";

/**
 * Matches phrases new to the dictionary against the last `Articles.BACKFILL_DAYS` of articles
 * (the ingest queue's `backfill` job, queued by topics when someone follows a phrase nobody
 * followed before), then marks them backfilled: a feed waiting on them stops being provisional.
 */
export async function backfillPhrases(phrases: string[]): Promise<{ articles: number; postings: number }> {
  const report = await Articles.backfill(phrases);
  await Topics.markBackfilled(phrases);
  return report;
}
