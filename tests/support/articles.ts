import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";

/**
 * An article stored straight to the table, as ingestion stores one, for tests that need an
 * article to like, list or read; `source` names its made-up source and prefixes its id, unless
 * `made` gives the source and the article's link (a page the test serves).
 */
export async function storedArticle(
  source: string,
  title: string,
  made: { link?: string; sourceId?: string; sourceName?: string } = {},
): Promise<string> {
  const articleId = `${source}-${Math.random().toString(36).slice(2)}`;
  const now = Date.now();
  await ArticleEntity.put({
    articleId,
    sourceId: made.sourceId ?? `${source}-source`,
    sourceName: made.sourceName ?? `${source[0]!.toUpperCase()}${source.slice(1)} Source`,
    sourceType: "rss",
    title,
    link: made.link ?? `https://${source}.example/${articleId}`,
    guid: articleId,
    publishedAt: now,
    ingestedAt: now,
    day: new Date(now).toISOString().slice(0, 10),
    fingerprint: articleId,
  }).go();
  return articleId;
}
