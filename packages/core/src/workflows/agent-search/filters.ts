import * as Articles from "../../modules/articles/index.ts";
import * as Feed from "../../modules/feed/index.ts";
import * as Mutes from "../../modules/mutes/index.ts";

/** What a person's filters say of a result: whether it stays. */
export interface ResultFilter {
  /** Whether a result from outside graph stays (by its title). */
  keepsOutside(result: { title: string }): boolean;
  /** graph's own articles (by id) the person's filters leave out. */
  hiddenInGraph(articleIds: string[]): Promise<Set<string>>;
}

/**
 * The person's filters, as agentic search applies them to results: their muted words (matched
 * as the feed matches them) and their silenced sources. The one place results meet the filters,
 * so a change to what the filters are changes it here alone.
 */
export async function resultFilter(userId: string): Promise<ResultFilter> {
  const [mutes, silenced] = await Promise.all([Mutes.read(userId), Feed.Silenced.ids(userId)]);
  return {
    keepsOutside: (result) => !mutes.matcher.hides(result),
    async hiddenInGraph(articleIds) {
      if (articleIds.length === 0 || (mutes.matcher.size === 0 && silenced.size === 0)) return new Set();
      const articles = await Articles.byIds(articleIds);
      const hidden = new Set<string>();
      for (const [id, article] of articles)
        if (silenced.has(article.sourceId) || mutes.matcher.hides(article)) hidden.add(id);
      return hidden;
    },
  };
}
