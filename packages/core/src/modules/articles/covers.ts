import type { Article } from "./article.entity.ts";

/**
 * Copies named on an original at most: a card names a few other sources, and a story picked
 * up by dozens of feeds must not grow its original without bound.
 */
export const MAX_COVERED_BY = 10;

/** One copy of a story from another source, as its original names it. */
export type Cover = NonNullable<Article["coveredBy"]>[number];

export const coverOf = (copy: Pick<Article, "articleId" | "sourceId" | "sourceName" | "link">): Cover => ({
  articleId: copy.articleId,
  sourceId: copy.sourceId,
  sourceName: copy.sourceName,
  link: copy.link,
});

/**
 * The copies an original with source `ownSourceId` names, given what it named (`current`) and
 * the copies to add, in order: one per source (the first kept), never its own source, at most
 * `MAX_COVERED_BY`. Undefined when nothing changes, so a retried store writes nothing.
 */
export function withCovers(ownSourceId: string, current: Cover[] | undefined, added: Cover[]): Cover[] | undefined {
  const covers = [...(current ?? [])];
  const sources = new Set(covers.map((c) => c.sourceId));
  for (const cover of added) {
    if (covers.length >= MAX_COVERED_BY) break;
    if (cover.sourceId === ownSourceId || sources.has(cover.sourceId)) continue;
    covers.push(cover);
    sources.add(cover.sourceId);
  }
  return covers.length === (current ?? []).length ? undefined : covers;
}
