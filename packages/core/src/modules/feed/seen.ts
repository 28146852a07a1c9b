import type { EntityItem } from "electrodb";
import { getMany, itemRead } from "../../adapters/dynamo/index.ts";
import { SeenEntity } from "./seen.entity.ts";

export { MAX_SEEN_PER_CALL } from "./rules.ts";
/** Seen marks outlive the longest coverage a feed re-reads with any weight. */
const SEEN_TTL_SECONDS = 400 * 24 * 60 * 60;

export async function mark(userId: string, articleIds: string[]): Promise<void> {
  const unique = [...new Set(articleIds)];
  if (unique.length === 0) return;
  const now = Date.now();
  await SeenEntity.put(
    unique.map((articleId) => ({
      userId,
      articleId,
      seenAt: now,
      expiresAt: Math.floor(now / 1000) + SEEN_TTL_SECONDS,
    })),
  ).go();
}

/** Batch reads (100 marks each) one call has in flight at once: a refresh checks up to 600. */
const READ_CONCURRENCY = 6;

/** Which of the articles the person has seen (a refresh asks about hundreds: see `getMany`). */
export async function seenAmong(userId: string, articleIds: string[]): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const marks = await getMany<{ articleId: string }>(
    SeenEntity,
    articleIds.map((articleId) => ({ userId, articleId })),
    ["articleId"],
    { concurrency: READ_CONCURRENCY },
  );
  return new Set(marks.map((s) => s.articleId));
}

/** Whether the person has seen an article: a read for `getTogether` (the feed marks seen picks). */
export const seenRead = (userId: string, articleId: string) =>
  itemRead<EntityItem<typeof SeenEntity>, "articleId", boolean>(
    SeenEntity,
    { userId, articleId },
    ["articleId"],
    (mark) => mark !== undefined,
  );
