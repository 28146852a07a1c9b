import type { Plan } from "../../lib/plans/index.ts";
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
 * The person's filters, as agentic search applies them to results: the feed's filters (muted
 * words, and on a plan with filters the advanced ones: a result from outside graph is a web page
 * of no known language or source) and their silenced sources. The one place results meet the
 * filters, so a change to what the filters are changes it here alone.
 */
export async function resultFilter(userId: string, plan: Plan): Promise<ResultFilter> {
  const [filters, silenced] = await Promise.all([Mutes.read(userId, plan), Feed.Silenced.ids(userId)]);
  return {
    keepsOutside: (result) => Mutes.passes(filters, { title: result.title, sourceType: "web" }),
    async hiddenInGraph(articleIds) {
      if (articleIds.length === 0 || (!filters.active && silenced.size === 0)) return new Set();
      const articles = await Articles.byIds(articleIds);
      const hidden = new Set<string>();
      for (const [id, article] of articles)
        if (silenced.has(article.sourceId) || !Mutes.passes(filters, article)) hidden.add(id);
      return hidden;
    },
  };
}
