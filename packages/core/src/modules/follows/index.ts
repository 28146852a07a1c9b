import * as Images from "../images/index.ts";
import * as Users from "../users/index.ts";
import { counts, follow as addEdge, followedAmong, ids, unfollow as removeEdge } from "./edges.ts";
import type { SharedPick, ShareJob } from "../../adapters/queues/index.ts";
import { backfill, dropEntries, newest, shareSession, withdraw } from "./timeline.ts";

export { FOLLOW_MESSAGES, FOLLOWING_FEED } from "./rules.ts";
export { counts, followedAmong, isFollowing, type FollowCounts } from "./edges.ts";
export { purgeAccount } from "./purge.ts";

/** The ids of the people a person follows. */
export const followingIds = (userId: string) => ids(userId, "following");

/**
 * `viewerId` follows `targetId` (idempotent). A new follow fills the reader's following
 * timeline with the author's newest sessions.
 */
export async function follow(viewerId: string, targetId: string): Promise<{ isFollowing: true }> {
  await addEdge(viewerId, targetId);
  // Also after a repeated follow: a previous one may have stopped before this step (the
  // entries are written by key, so writing them twice leaves one of each).
  await backfill(viewerId, targetId);
  return { isFollowing: true };
}

/** `viewerId` stops following `targetId` (idempotent); the author's sessions leave the timeline. */
export async function unfollow(viewerId: string, targetId: string): Promise<{ isFollowing: false }> {
  await removeEdge(viewerId, targetId);
  // Also after a repeated unfollow: a previous one may have stopped before this step.
  await withdraw(viewerId, targetId);
  return { isFollowing: false };
}

export interface PersonRef {
  id: string;
  username: string;
}

/** The people who follow a person and whom they follow, each with id and username, by username. */
export async function lists(
  userId: string,
): Promise<{ followers: PersonRef[]; following: PersonRef[] } & FollowCountsView> {
  const [followerIds, followingIds, counted] = await Promise.all([
    ids(userId, "follower"),
    ids(userId, "following"),
    counts(userId),
  ]);
  const people = await Users.byIds([...new Set([...followerIds, ...followingIds])]);
  const refs = (list: string[]) =>
    list
      .flatMap((id) => {
        const person = people.get(id);
        return person ? [{ id, username: person.username }] : [];
      })
      .sort((a, b) => a.username.localeCompare(b.username));
  return {
    followers: refs(followerIds),
    following: refs(followingIds),
    followerCount: counted.followers,
    followingCount: counted.following,
  };
}

interface FollowCountsView {
  followerCount: number;
  followingCount: number;
}

/**
 * The ShareQueue worker's part: writes one queued session into every follower's timeline, with
 * the author's primary photo (read once here, not once per reader on every page).
 */
export async function share(job: ShareJob): Promise<void> {
  // A session queued just before its author deleted the account is not spread after the sweep.
  if (!(await Users.isActive(job.userId))) return;
  await shareSession(job, await Images.primaryImageUrl(job.userId));
}

export interface TimelineSession {
  authorId: string;
  createdAt: number;
  picks: SharedPick[];
  imageUrl?: string;
}

/**
 * A page of the reader's following timeline, newest first: `limit` sessions after skipping
 * `offset`, of people the reader follows now. Reads the reader's own partition only (plus one
 * batch check of the page's authors). An entry of someone no longer followed (a fan-out that
 * raced an unfollow) is deleted and the page read again; pages are read in order, so such an
 * entry is met on its own page before it could shift a later one.
 */
export async function timeline(readerId: string, limit: number, offset: number): Promise<TimelineSession[]> {
  for (;;) {
    const page = (await newest(readerId, offset + limit)).slice(offset);
    const followed = await followedAmong(
      readerId,
      page.map((e) => e.authorId),
    );
    const stale = page.filter((e) => !followed.has(e.authorId));
    await dropEntries(stale);
    if (stale.length === 0) {
      return page.map((e) => ({
        authorId: e.authorId,
        createdAt: e.createdAt,
        picks: e.picks,
        ...(e.imageUrl ? { imageUrl: e.imageUrl } : {}),
      }));
    }
  }
}
export { personData } from "./person-data.ts";
