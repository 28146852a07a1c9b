import { notFound } from "../errors.ts";
import { ArticleEntity } from "../articles/article.entity.ts";
import { LikeEntity } from "./feed.entities.ts";

/** Adds an article to the person's graph, or takes it out again; answers the new state. */
export async function toggle(userId: string, articleId: string): Promise<{ isAddedToGraph: boolean }> {
  const { data: existing } = await LikeEntity.delete({ userId, articleId }).go({ response: "all_old" });
  if (existing) return { isAddedToGraph: false };
  const { data: article } = await ArticleEntity.get({ articleId }).go();
  if (!article) throw notFound("No such article.");
  await LikeEntity.put({
    userId,
    articleId,
    likedAt: Date.now(),
    title: article.title,
    link: article.link,
    sourceName: article.sourceName,
  }).go();
  return { isAddedToGraph: true };
}

export async function remove(userId: string, articleId: string): Promise<void> {
  await LikeEntity.delete({ userId, articleId }).go();
}

export async function likedIds(userId: string): Promise<string[]> {
  const { data } = await LikeEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["articleId"] });
  return data.map((l) => l.articleId);
}

/** Which of `articleIds` the person has added. */
export async function likedAmong(userId: string, articleIds: string[]): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const { data } = await LikeEntity.get(articleIds.map((articleId) => ({ userId, articleId }))).go();
  return new Set(data.map((l) => l.articleId));
}

/** A person's added articles, newest first (public: shown on their profile). */
export async function listForProfile(userId: string, limit = 100) {
  const { data } = await LikeEntity.query.newestByUser({ userId }).go({ order: "desc", limit });
  return data.map((l) => ({ id: l.articleId, title: l.title, link: l.link, source_name: l.sourceName }));
}
