import { utcDay } from "../../adapters/dynamo/index.ts";
import * as Articles from "../../modules/articles/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Vocabulary from "../../modules/vocabulary/index.ts";

/** Days of articles the background of related terms is built from (newest first, up to its cap). */
export const BACKGROUND_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled `vocabulary` job: builds the background (document frequencies) from the trusted
 * original articles of the last BACKGROUND_DAYS days, newest first, up to
 * `Vocabulary.MAX_BACKGROUND_ARTICLES`, stores it, and finds every learning phrase's strong terms
 * again against it (queueing recent articles to be matched again for those that changed).
 */
export async function rebuildVocabulary(now = Date.now()): Promise<{ articles: number; relearnt: number }> {
  const untrusted = await Sources.untrustedIds();
  const builder = new Vocabulary.BackgroundBuilder();
  for (let back = 0; back < BACKGROUND_DAYS && !builder.full; back++) {
    const articles = await Articles.originalsOfDay(utcDay(now - back * DAY_MS));
    // Newest first, so a cap keeps the most recent.
    articles.sort((a, b) => b.publishedAt - a.publishedAt);
    for (const article of articles) if (!untrusted.has(article.sourceId)) builder.add(article);
  }
  const background = await builder.store(now);
  const relearnt = await Vocabulary.relearnAll(background, now);
  return { articles: background.articles, relearnt: relearnt.length };
}
