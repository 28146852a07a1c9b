/** Articles: storing what ingestion brings (once), the postings a feed reads, and backfills. */
export { storeArticle as store, storeNew, byIds, storedIds, type StoreOutcome, type StoreOptions } from "./store.ts";
export { indexArticle as index, postingsFor, type Posting, type IndexOptions } from "./postings.ts";
export { backfill, BACKFILL_DAYS } from "./backfill.ts";
export type { Article } from "./article.entity.ts";
export { MAX_COVERED_BY, type Cover } from "./covers.ts";
import { isConditionFailure, itemRead } from "../../adapters/dynamo/index.ts";
import { ArticleEntity, type Article } from "./article.entity.ts";
import type { Cover } from "./covers.ts";

export async function get(articleId: string): Promise<Article | undefined> {
  const { data } = await ArticleEntity.get({ articleId }).go();
  return data ?? undefined;
}

/** Articles published on a UTC day (`YYYY-MM-DD`), oldest first. */
export async function ofDay(day: string): Promise<Article[]> {
  const { data } = await ArticleEntity.query.byDay({ day }).go({ pages: "all" });
  return data;
}

/** The articles of a day that are not copies of another: what search indexes. */
export async function originalsOfDay(day: string): Promise<Article[]> {
  const { data } = await ArticleEntity.query
    .byDay({ day })
    .where((attr, op) => op.notExists(attr.duplicateOf))
    .go({ pages: "all" });
  return data;
}

/** The UTC days a source has articles on (to index them again when it comes to matter). */
export async function daysOfSource(sourceId: string): Promise<string[]> {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all", attributes: ["day"] });
  return [...new Set(data.map((a) => a.day))];
}

/** Every article of a source (to learn from them once it is trusted). */
export async function ofSource(sourceId: string): Promise<Article[]> {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all" });
  return data;
}

/** What a card needs to name an article's copies: the copies it names, or the original it now repeats. */
export interface Coverage {
  articleId: string;
  sourceId: string;
  sourceName: string;
  link: string;
  duplicateOf?: string;
  coveredBy: Cover[];
  /**
   * Its picture, read with its coverage: it is found after the article is stored (and often
   * after a session picked it), so a card reads it where it reads the copies, at no extra request.
   */
  picture?: ArticlePicture;
}

/** An article's picture as stored (see the images module's `PictureRef`). */
export type ArticlePicture = NonNullable<Article["picture"]>;

/** What a coverage needs of an article. */
const COVERAGE = ["articleId", "sourceId", "sourceName", "link", "duplicateOf", "coveredBy", "picture"] as const;

/** An article's coverage, from its item (read with at least `COVERAGE`). */
export function coverageFrom(a: Pick<Article, (typeof COVERAGE)[number]>): Coverage {
  return {
    articleId: a.articleId,
    sourceId: a.sourceId,
    sourceName: a.sourceName,
    link: a.link,
    ...(a.duplicateOf ? { duplicateOf: a.duplicateOf } : {}),
    coveredBy: a.coveredBy ?? [],
    ...(a.picture ? { picture: a.picture } : {}),
  };
}

/** The coverage of articles by id (one batched read, only the attributes it needs); missing ones left out. */
export async function coverageOf(ids: string[]): Promise<Map<string, Coverage>> {
  if (ids.length === 0) return new Map();
  const { data } = await ArticleEntity.get([...new Set(ids)].map((articleId) => ({ articleId }))).go({
    attributes: [...COVERAGE],
  });
  return new Map(data.map((a) => [a.articleId, coverageFrom(a)]));
}

/** An article's coverage as a read for `getTogether` (with a feed's other reads of its picks). */
export const coverageRead = (articleId: string) =>
  itemRead<Article, (typeof COVERAGE)[number], Coverage | undefined>(
    ArticleEntity,
    { articleId },
    COVERAGE,
    (a) => a && coverageFrom(a),
  );

/** What a feed's pick and its card show of an article (its coverage too). */
const CARD = [
  ...COVERAGE,
  "sourceType",
  "title",
  "summary",
  "publishedAt",
  "language",
  "excerpt",
  "readingMinutes",
] as const;
export type ArticleCard = Pick<Article, (typeof CARD)[number]>;

/** An article as a pick shows it, as a read for `getTogether` (with the other reads of a refresh's picks). */
export const cardRead = (articleId: string) =>
  itemRead<Article, (typeof CARD)[number], ArticleCard | undefined>(ArticleEntity, { articleId }, CARD, (a) => a);

/**
 * Records an article's picture, once it is stored in graph's blob store; an article deleted
 * meanwhile is not brought back (the write is conditioned on it).
 */
export async function setPicture(articleId: string, picture: ArticlePicture): Promise<void> {
  try {
    await ArticleEntity.patch({ articleId }).set({ picture }).go({ response: "none" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
