import * as Articles from "../../modules/articles/index.ts";
import * as Search from "../../modules/search/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import { learnFrom } from "../backfill/index.ts";

/**
 * Trusting a source spans several modules: sources records the trust, search (which leaves
 * untrusted sources out) builds again the days the source has articles on, and vocabulary
 * learns from its articles.
 */

/**
 * Search leaves untrusted sources out: once trusted, the days a source has articles on are built
 * again. Vocabulary learns only from trusted sources: its stored articles now teach the phrases
 * they name (each article counted once per phrase, however often this runs).
 */
export async function reindexSource(sourceId: string): Promise<void> {
  const days = await Articles.daysOfSource(sourceId);
  if (days.length > 0) await Search.markDirty(days);
  const [articles, matcher] = await Promise.all([Articles.ofSource(sourceId), Topics.currentMatcher()]);
  const named = new Map<string, string[]>();
  for (const article of articles) {
    const matches = matcher.matchArticle({ title: article.title, body: article.summary, language: article.language });
    if (matches.length > 0)
      named.set(
        article.articleId,
        matches.map((m) => m.phrase),
      );
  }
  await learnFrom(articles, named, new Set());
}

/**
 * Trusts a source on an operator's word: its articles reach everyone from the next feed refresh
 * on, and enter search with the next index build. Answers the source, or undefined when there
 * is none with this id. Trusting a trusted source changes nothing.
 */
export async function trustSource(sourceId: string): Promise<Sources.Source | undefined> {
  const trusted = await Sources.trust(sourceId);
  if (!trusted) return undefined;
  if (trusted.trustedNow) await reindexSource(sourceId);
  return trusted.source;
}

/**
 * Checks a suggested source (the ingest queue's `suggestion` job): see `Sources.Suggestions.check`.
 * When the suggester it counts is the one that makes the source trusted, its articles enter search.
 */
export async function checkSuggestion(
  userId: string,
  suggestionId: string,
  options: { allowPrivateFeeds: boolean },
): Promise<Sources.Suggestions.SuggestionView | undefined> {
  const outcome = await Sources.Suggestions.check(userId, suggestionId, options);
  if (outcome.trustedSourceId) await reindexSource(outcome.trustedSourceId);
  return outcome.suggestion;
}
