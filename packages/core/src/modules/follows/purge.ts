import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { mapLimited } from "../../lib/util/index.ts";
import { ids, unfollow } from "./edges.ts";
import { FollowCountsEntity } from "./follow-counts.entity.ts";
import { SharedSessionEntity } from "./shared-session.entity.ts";
import { withdraw } from "./timeline.ts";
import { TimelineEntryEntity } from "./timeline-entry.entity.ts";

/** Follows undone at once while an account is purged. */
const CONCURRENCY = 4;

/**
 * Removes everything of a deleted account this module keeps: its follows in both directions
 * (each undone as an unfollow, so the other people's counts stay right), its sessions in its
 * followers' timelines, its shared sessions, its own timeline and its counts. Every step is
 * idempotent, so a purge that stopped half-way is finished by running it again.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const [following, followers] = await Promise.all([ids(userId, "following"), ids(userId, "follower")]);
  await mapLimited(following, CONCURRENCY, (other) => unfollow(userId, other));
  await mapLimited(followers, CONCURRENCY, async (other) => {
    await unfollow(other, userId);
    await withdraw(other, userId);
  });
  const [shared, timeline] = await Promise.all([
    SharedSessionEntity.query.byAuthor({ userId }).go({ pages: "all", attributes: ["createdAt"] }),
    TimelineEntryEntity.query.byReader({ userId }).go({ pages: "all", attributes: ["createdAt", "authorId"] }),
  ]);
  await Promise.all([
    deleteKeys(
      TimelineEntryEntity,
      timeline.data.map(({ createdAt, authorId }) => ({ userId, createdAt, authorId })),
    ),
    deleteKeys(
      SharedSessionEntity,
      shared.data.map(({ createdAt }) => ({ userId, createdAt })),
    ),
  ]);
  await FollowCountsEntity.delete({ userId }).go();
}
