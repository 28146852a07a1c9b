import * as Articles from "../articles/index.ts";
import * as Mutes from "../mutes/index.ts";
import type { FeedFilters } from "../mutes/index.ts";
import * as Seen from "./seen.ts";

/**
 * What a refresh (or the digest) leaves out of its choice: the articles the person has seen,
 * and those their filters hide. Both are answered by this one exclusion function, which the
 * choice calls in rounds (see `chooseUnseen`), so a filtered article never takes a place the
 * plan's posts a day would give an article shown. Articles are read (title, summary, language,
 * source) only when a filter applies; `topicsOf` names the person's topics each one matched.
 */
export function seenOrFilteredAmong(
  userId: string,
  filters: FeedFilters,
  topicsOf: (articleId: string) => readonly string[] | undefined,
) {
  return async (ids: string[]): Promise<Set<string>> => {
    const [seen, hidden] = await Promise.all([Seen.seenAmong(userId, ids), filteredIds(filters, ids, topicsOf)]);
    for (const id of hidden) seen.add(id);
    return seen;
  };
}

async function filteredIds(
  filters: FeedFilters,
  ids: string[],
  topicsOf: (articleId: string) => readonly string[] | undefined,
): Promise<Set<string>> {
  if (!filters.active || ids.length === 0) return new Set();
  const articles = await Articles.byIds(ids);
  return Mutes.hiddenAmong(
    filters,
    [...articles.values()].map((a) => ({ ...a, topics: topicsOf(a.articleId) })),
  );
}

/** The candidates' matched topics by article, for `seenOrFilteredAmong`. */
export const topicsByArticle = (
  candidates: ReadonlyArray<{ articleId: string; topics: Array<{ topic: { topic: string } }> }>,
) => {
  const byId = new Map(candidates.map((c) => [c.articleId, c.topics.map((t) => t.topic.topic)]));
  return (articleId: string) => byId.get(articleId);
};

/**
 * A stored pick its person's filters hide: by what the pick keeps (its title, language, source,
 * and the topics it names; a session keeps no summary).
 */
export const isFilteredPick = (
  filters: FeedFilters,
  pick: {
    title: string;
    language?: string | undefined;
    sourceId: string;
    sourceType: string;
    bestMatchingKeywords: string[];
  },
) =>
  filters.active &&
  !Mutes.passes(filters, {
    title: pick.title,
    language: pick.language,
    sourceId: pick.sourceId,
    sourceType: pick.sourceType,
    topics: pick.bestMatchingKeywords,
  });
