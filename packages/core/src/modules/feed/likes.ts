import * as Articles from "../articles/index.ts";
import { getMany, itemRead, transact } from "../../adapters/dynamo/index.ts";
import { notFound, UnavailableError } from "../../lib/errors/index.ts";
import * as Interests from "../interests/index.ts";
import { ArticleLikesEntity } from "./article-likes.entity.ts";
import { LikeEntity, type Like } from "./like.entity.ts";

/** A flip that lost a race with another flip of the same like is tried again (after a short random wait) this often. */
const ATTEMPTS = 25;

/**
 * Adds an article to the person's graph or takes it out. With `added` given the like is set to
 * that state (so a retried request cannot flip it back); without, it flips. Each flip is one
 * conditional transaction (the like with its article's like count), so parallel flips each
 * count once, as they would one after another.
 */
export async function toggle(userId: string, articleId: string, added?: boolean): Promise<{ isAddedToGraph: boolean }> {
  if (added === false) {
    await erase(userId, articleId);
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
    await insert(like); // liked already: the same state
    return { isAddedToGraph: true };
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await insert(like)) return { isAddedToGraph: true };
    if (await erase(userId, articleId)) return { isAddedToGraph: false };
  }
  throw new UnavailableError();
}

export async function remove(userId: string, articleId: string): Promise<void> {
  await erase(userId, articleId);
}

/**
 * Adds a like and counts it for its article, in one transaction; answers false (nothing
 * changed, nothing counted) when the person had it already.
 */
async function insert(like: Like): Promise<boolean> {
  const result = await transact([
    LikeEntity.create(like),
    ArticleLikesEntity.update({ articleId: like.articleId }).add({ likes: 1 }),
  ]);
  if (!result.canceled) {
    await Interests.changed(like.userId, ["article"]);
    return true;
  }
  if (result.reasons[0] === "ConditionalCheckFailed") return false;
  throw new UnavailableError();
}

/** Removes a like and its count together; answers false when there was none. */
async function erase(userId: string, articleId: string): Promise<boolean> {
  const result = await transact([
    LikeEntity.delete({ userId, articleId }).where((attr, op) => op.exists(attr.likedAt)),
    ArticleLikesEntity.update({ articleId }).add({ likes: -1 }),
  ]);
  if (!result.canceled) {
    await Interests.changed(userId, ["article"]);
    return true;
  }
  if (result.reasons[0] === "ConditionalCheckFailed") return false;
  throw new UnavailableError();
}

/**
 * How many people have each article in their graph (`articleId` → count; at least 1 for a
 * liked article whose likes predate the counts).
 */
export async function likeCounts(articleIds: string[]): Promise<Map<string, number>> {
  const data = await getMany<{ articleId: string; likes?: number }>(
    ArticleLikesEntity,
    [...new Set(articleIds)].map((articleId) => ({ articleId })),
    ["articleId", "likes"],
  );
  const counts = new Map(data.map((d) => [d.articleId, Math.max(1, d.likes ?? 0)]));
  for (const id of articleIds) if (!counts.has(id)) counts.set(id, 1);
  return counts;
}

/** The person's likes among `articleIds`, as their profile lists them. */
export async function likedDetails(userId: string, articleIds: string[]) {
  if (articleIds.length === 0) return [];
  const data = await getMany<{ articleId: string; title: string; link: string; sourceName: string; likedAt: number }>(
    LikeEntity,
    articleIds.map((articleId) => ({ userId, articleId })),
    ["articleId", "title", "link", "sourceName", "likedAt"],
  );
  return data
    .sort((a, b) => b.likedAt - a.likedAt)
    .map((l) => ({ id: l.articleId, title: l.title, link: l.link, source_name: l.sourceName }));
}

export async function likedIds(userId: string): Promise<string[]> {
  const { data } = await LikeEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["articleId"] });
  return data.map((l) => l.articleId);
}

/** Every article the person has added, with what names it (all pages, only those attributes). */
export async function likedItems(userId: string) {
  const { data } = await LikeEntity.query
    .byUser({ userId })
    .go({ pages: "all", attributes: ["articleId", "title", "link", "sourceName"] });
  return data.map((l) => ({
    id: l.articleId,
    title: l.title ?? "",
    link: l.link ?? "",
    sourceName: l.sourceName ?? "",
  }));
}

/** Which of `articleIds` the person has added. */
export async function likedAmong(userId: string, articleIds: string[]): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const { data } = await LikeEntity.get(articleIds.map((articleId) => ({ userId, articleId }))).go();
  return new Set(data.map((l) => l.articleId));
}

/** Whether the person has added the article, as a read for `getTogether` (with a feed's other reads of its picks). */
export const likedRead = (userId: string, articleId: string) =>
  itemRead<Like, "articleId", boolean>(LikeEntity, { userId, articleId }, ["articleId"], (like) => like !== undefined);

/** A person's added articles, newest first (public: shown on their profile). */
export async function listForProfile(userId: string, limit = 100) {
  const { data } = await LikeEntity.query.newestByUser({ userId }).go({ order: "desc", limit });
  return data.map((l) => ({ id: l.articleId, title: l.title, link: l.link, source_name: l.sourceName }));
}

/** The person's likes from `since` (inclusive) on, newest first, with what names each article. */
export async function likedSince(userId: string, since: number) {
  const { data } = await LikeEntity.query
    .newestByUser({ userId })
    .gte({ likedAt: since })
    .go({ order: "desc", pages: "all", attributes: ["articleId", "likedAt", "title", "link", "sourceName"] });
  return data.map((l) => ({
    articleId: l.articleId,
    likedAt: l.likedAt,
    title: l.title ?? "",
    link: l.link ?? "",
    sourceName: l.sourceName ?? "",
  }));
}
