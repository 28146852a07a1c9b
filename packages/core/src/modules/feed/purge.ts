import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { mapLimited } from "../../lib/util/index.ts";
import { FeedSessionEntity } from "./feed-session.entity.ts";
import { FeedStateEntity } from "./feed-state.entity.ts";
import { LikeEntity } from "./like.entity.ts";
import { remove as removeLike } from "./likes.ts";
import { SeenEntity } from "./seen.entity.ts";
import { SilencedSourceEntity } from "./silenced-source.entity.ts";

/** Likes removed at once (each a small transaction with its article's like count). */
const LIKE_CONCURRENCY = 8;

/**
 * Removes everything of a deleted account this module keeps: its added articles (likes), seen
 * marks, feed sessions and state, and silenced sources. Each kind is read by the person's
 * partition and deleted by key, so a rerun finds only what is left. A like is removed as the
 * person would remove it, so its article's count of likes goes down with it, once.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const [likes, seen, sessions, silenced] = await Promise.all([
    LikeEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["articleId"] }),
    SeenEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["articleId"] }),
    FeedSessionEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["createdAt"] }),
    SilencedSourceEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["sourceId"] }),
  ]);
  await Promise.all([
    mapLimited(likes.data, LIKE_CONCURRENCY, ({ articleId }) => removeLike(userId, articleId)),
    deleteKeys(
      SeenEntity,
      seen.data.map(({ articleId }) => ({ userId, articleId })),
    ),
    deleteKeys(
      FeedSessionEntity,
      sessions.data.map(({ createdAt }) => ({ userId, createdAt })),
    ),
    deleteKeys(
      SilencedSourceEntity,
      silenced.data.map(({ sourceId }) => ({ userId, sourceId })),
    ),
    FeedStateEntity.delete({ userId }).go(),
  ]);
}
