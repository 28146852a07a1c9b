import * as Articles from "../articles/index.ts";
import { isConditionFailure } from "../db.ts";
import { notFound, UnavailableError } from "../errors.ts";
import { LikeEntity } from "./like.entity.ts";

/** A flip that lost a race with another flip of the same like is tried again (after a short random wait) this often. */
const ATTEMPTS = 25;

const unlessCondition =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (isConditionFailure(error)) return fallback;
    throw error;
  };

/**
 * Adds an article to the person's graph or takes it out. With `added` given the like is set to
 * that state (so a retried request cannot flip it back); without, it flips. Each flip is one
 * conditional write, so parallel flips each count once, as they would one after another.
 */
export async function toggle(userId: string, articleId: string, added?: boolean): Promise<{ isAddedToGraph: boolean }> {
  if (added === false) {
    await LikeEntity.delete({ userId, articleId }).go();
    return { isAddedToGraph: false };
  }
  const article = await Articles.get(articleId);
  if (!article) throw notFound("No such article.");
  const like = {
    userId,
    articleId,
    likedAt: Date.now(),
    title: article.title,
    link: article.link,
    sourceName: article.sourceName,
  };
  if (added === true) {
    await LikeEntity.create(like).go().catch(unlessCondition(undefined)); // liked already: the same state
    return { isAddedToGraph: true };
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (
      await LikeEntity.create(like)
        .go()
        .then(() => true, unlessCondition(false))
    )
      return { isAddedToGraph: true };
    const removed = await LikeEntity.delete({ userId, articleId })
      .where((attr, op) => op.exists(attr.likedAt))
      .go()
      .then(() => true, unlessCondition(false));
    if (removed) return { isAddedToGraph: false };
  }
  throw new UnavailableError();
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
