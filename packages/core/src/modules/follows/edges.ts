import { getMany, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound, UnavailableError } from "../../lib/errors/index.ts";
import * as Users from "../users/index.ts";
import { FollowCountsEntity } from "./follow-counts.entity.ts";
import { FollowEdgeEntity } from "./follow-edge.entity.ts";
import { FOLLOW_MESSAGES } from "./rules.ts";

/**
 * Follows that keep losing a race (parallel transactions on the same counts cancel each other)
 * are tried again this often, after a growing random pause, before answering 503.
 */
const ATTEMPTS = 12;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));

/** Both sides of the edge `followerId` → `followedId`. */
const edgeKeys = (followerId: string, followedId: string) => [
  { userId: followerId, direction: "following" as const, otherId: followedId },
  { userId: followedId, direction: "follower" as const, otherId: followerId },
];

/**
 * Runs a follow or unfollow transaction; answers whether it changed anything. A cancellation
 * whose edge condition failed means the edge was already as wanted (a repeated request): no
 * change, and the counts were not touched. A conflict with a parallel transaction is tried again.
 */
async function runEdgeChange(build: () => Parameters<typeof transact>[0]): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let result;
    try {
      result = await transact(build());
    } catch (error) {
      if (!(error instanceof UnavailableError) || attempt === ATTEMPTS) throw error;
      await pause(attempt);
      continue;
    }
    if (!result.canceled) return true;
    if (result.reasons.slice(0, 2).some((r) => r === "ConditionalCheckFailed")) return false;
    await pause(attempt);
  }
  throw new UnavailableError();
}

async function checkTarget(viewerId: string, targetId: string) {
  if (viewerId === targetId) throw badRequest(FOLLOW_MESSAGES.self);
  const target = await Users.byId(targetId);
  if (!target || !target.isVerified) throw notFound(FOLLOW_MESSAGES.unknown);
}

/**
 * `viewerId` follows `targetId`. Both edges and both counts are one transaction; the edges are
 * created only if absent, so a repeated follow (or thirty at once) counts once. Answers whether
 * this call made the follow (false: it was there already).
 */
export async function follow(viewerId: string, targetId: string, now = Date.now()): Promise<boolean> {
  await checkTarget(viewerId, targetId);
  return runEdgeChange(() => [
    ...edgeKeys(viewerId, targetId).map((key) => FollowEdgeEntity.create({ ...key, createdAt: now })),
    FollowCountsEntity.update({ userId: viewerId }).add({ following: 1 }),
    FollowCountsEntity.update({ userId: targetId }).add({ followers: 1 }),
  ]);
}

/** The reverse of `follow`: answers whether this call removed the follow (false: there was none). */
export async function unfollow(viewerId: string, targetId: string): Promise<boolean> {
  if (viewerId === targetId) throw badRequest(FOLLOW_MESSAGES.self);
  return runEdgeChange(() => [
    ...edgeKeys(viewerId, targetId).map((key) =>
      FollowEdgeEntity.delete(key).where((attr, op) => op.exists(attr.createdAt)),
    ),
    FollowCountsEntity.update({ userId: viewerId }).add({ following: -1 }),
    FollowCountsEntity.update({ userId: targetId }).add({ followers: -1 }),
  ]);
}

export async function isFollowing(viewerId: string, targetId: string): Promise<boolean> {
  const { data } = await FollowEdgeEntity.get({ userId: viewerId, direction: "following", otherId: targetId }).go();
  return data !== null;
}

/** Which of `authorIds` the reader follows now: one batch read, whatever the number followed. */
export async function followedAmong(readerId: string, authorIds: string[]): Promise<Set<string>> {
  if (authorIds.length === 0) return new Set();
  const data = await getMany<{ otherId: string }>(
    FollowEdgeEntity,
    [...new Set(authorIds)].map((otherId) => ({ userId: readerId, direction: "following", otherId })),
    ["otherId"],
  );
  return new Set(data.map((d) => d.otherId));
}

/** The ids on one side of a person's follows, newest edge order not kept (sorted by id). */
export async function ids(userId: string, direction: "following" | "follower"): Promise<string[]> {
  const { data } = await FollowEdgeEntity.query
    .byOwner({ userId, direction })
    .go({ pages: "all", attributes: ["otherId"] });
  return data.map((d) => d.otherId);
}

export interface FollowCounts {
  followers: number;
  following: number;
}

export async function counts(userId: string): Promise<FollowCounts> {
  const { data } = await FollowCountsEntity.get({ userId }).go();
  return { followers: data?.followers ?? 0, following: data?.following ?? 0 };
}
