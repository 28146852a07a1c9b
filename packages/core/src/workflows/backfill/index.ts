import * as Articles from "../../modules/articles/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Vocabulary from "../../modules/vocabulary/index.ts";

/** How far back recent articles are matched again through a phrase's changed related terms. */
export const RELATED_BACKFILL_DAYS = 7;

/**
 * Matches phrases new to the dictionary against the last `Articles.BACKFILL_DAYS` of articles
 * (the ingest queue's `backfill` job, queued by topics when someone follows a phrase nobody
 * followed before), then marks them backfilled: a feed waiting on them stops being provisional.
 * The trusted articles found naming them teach the phrases their vocabulary as they go.
 *
 * With `related` (queued by vocabulary when a phrase's strong terms became usable or changed),
 * only matches the last RELATED_BACKFILL_DAYS of articles again through the phrases' strong
 * terms, so articles read before the phrase learnt them are not missed.
 */
export async function backfillPhrases(
  phrases: string[],
  options: { related?: boolean } = {},
  now = Date.now(),
): Promise<{ articles: number; postings: number }> {
  if (options.related) {
    const related = new Vocabulary.RelatedMatcher();
    for (const [phrase, terms] of await Vocabulary.strongTermsOf(phrases)) related.set(phrase, terms);
    if (related.size === 0) return { articles: 0, postings: 0 };
    return Articles.backfill([...phrases], now, RELATED_BACKFILL_DAYS, { related, relatedOnly: true });
  }
  const untrusted = await Sources.untrustedIds();
  const report = await Articles.backfill(phrases, now, Articles.BACKFILL_DAYS, {
    onDay: (articles, named) => learnFrom(articles, named, untrusted),
  });
  await Topics.markBackfilled(phrases);
  return report;
}

/** Teaches the phrases the trusted articles name their vocabulary. */
export async function learnFrom(
  articles: Articles.Article[],
  named: Map<string, string[]>,
  untrusted: Set<string>,
): Promise<void> {
  const naming = articles.flatMap((article) => {
    const phrases = named.get(article.articleId);
    if (!phrases || untrusted.has(article.sourceId) || article.duplicateOf) return [];
    return [{ articleId: article.articleId, terms: Vocabulary.termsOf(article), phrases }];
  });
  await Vocabulary.learn(naming);
}
