import { utcDay } from "../../adapters/dynamo/index.ts";
import { PhraseMatcher } from "../../lib/matching/index.ts";
import type { RelatedMatcher } from "../vocabulary/index.ts";
import { ArticleEntity, type Article } from "./article.entity.ts";
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
  options: {
    /** Matches through these phrases' strong terms as well, or only (see `indexArticles`). */
    related?: RelatedMatcher;
    relatedOnly?: boolean;
    /** Sees each day's articles with the phrases each names (to learn from them). */
    onDay?: (articles: Article[], named: Map<string, string[]>) => Promise<void>;
  } = {},
): Promise<{ articles: number; postings: number }> {
  const matcher = new PhraseMatcher();
  for (const phrase of phrases) matcher.add(phrase);
  let articles = 0;
  let postings = 0;
  for (let back = 0; back < days; back++) {
    const day = utcDay(now - back * DAY_MS);
    const { data } = await ArticleEntity.query.byDay({ day }).go({ pages: "all" });
    articles += data.length;
    const named = await indexArticles(data, matcher, options);
    if (!options.relatedOnly) for (const phrases of named.values()) postings += phrases.length;
    await options.onDay?.(data, named);
  }
  return { articles, postings };
}
