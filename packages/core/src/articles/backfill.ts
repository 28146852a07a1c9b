import { utcDay } from "../db.ts";
import { PhraseMatcher } from "../matching/index.ts";
import { ArticleEntity } from "./article.entity.ts";
import { indexArticles } from "./postings.ts";

/** How far back a phrase new to the dictionary is matched against stored articles. */
export const BACKFILL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Matches phrases that just joined the dictionary against recent articles, day partition by
 * day partition, newest first — only these phrases, never the whole dictionary. A day's
 * matches go into the phrases' posting buckets together (a few writes per phrase and day),
 * and running it again adds nothing twice.
 */
export async function backfill(
  phrases: string[],
  now = Date.now(),
  days = BACKFILL_DAYS,
): Promise<{ articles: number; postings: number }> {
  const matcher = new PhraseMatcher();
  for (const phrase of phrases) matcher.add(phrase);
  let articles = 0;
  let postings = 0;
  for (let back = 0; back < days; back++) {
    const day = utcDay(now - back * DAY_MS);
    const { data } = await ArticleEntity.query.byDay({ day }).go({ pages: "all" });
    articles += data.length;
    for (const phrases of (await indexArticles(data, matcher)).values()) postings += phrases.length;
  }
  return { articles, postings };
}
