import * as Articles from "../articles/index.ts";
import * as Search from "../search/index.ts";
import * as Sources from "../sources/index.ts";

/**
 * Trusting a source spans three modules: sources records the trust, and search (which leaves
 * untrusted sources out) builds again the days the source has articles on.
 */

/** Search leaves untrusted sources out: once trusted, the days a source has articles on are built again. */
export async function reindexSource(sourceId: string): Promise<void> {
  const days = await Articles.daysOfSource(sourceId);
  if (days.length > 0) await Search.markDirty(days);
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
