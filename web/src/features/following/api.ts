/** Calls of the social layer: following, mutual interests and the following feed. */
import type { InferResponseType } from "hono/client";
import { FOLLOWING_FEED } from "@graph/core/follows/rules";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export type FriendSession = InferResponseType<typeof client.api.feed.following.$get, 200>[number];
export type FriendPick = FriendSession["graphpicks"][number];
export type OverlapAnswer = InferResponseType<(typeof client.api.overlap.user_overlap)[":id"]["$get"], 200>;
export type FollowLists = InferResponseType<(typeof client.api.users.see_following)[":id"]["$get"], 200>;

export const socialKeys = {
  followingFeed: (userId: string) => ["following-feed", userId] as const,
  isFollowing: (viewer: string, target: string) => ["follows", viewer, "check", target] as const,
  lists: (userId: string) => ["follows", userId, "lists"] as const,
  overlap: (viewer: string, target: string) => ["overlap", viewer, target] as const,
};

export const FOLLOWING_PAGE_SIZE = FOLLOWING_FEED.pageSize;

export const readFollowingFeed = (offset: number, signal?: AbortSignal) =>
  call(
    client.api.feed.following.$get(
      { query: { limit: String(FOLLOWING_PAGE_SIZE), offset: String(offset) } },
      { init: { signal } },
    ),
  );

export const follow = (userId: string) => call(client.api.users.follow.$post({ json: { userId } }));
export const unfollow = (userId: string) => call(client.api.users.unfollow.$post({ json: { userId } }));

export const checkFollow = (viewer: string, target: string, signal?: AbortSignal) =>
  call(client.api.users.check_follow[":viewer"][":target"].$get({ param: { viewer, target } }, { init: { signal } }));

export const readFollowLists = (userId: string, signal?: AbortSignal) =>
  call(client.api.users.see_following[":id"].$get({ param: { id: userId } }, { init: { signal } }));

export const readOverlap = (userId: string, signal?: AbortSignal) =>
  call(client.api.overlap.user_overlap[":id"].$get({ param: { id: userId } }, { init: { signal } }));

/** Whether another page may follow: a page shorter than the page size was the last. */
export function nextOffset(pages: ReadonlyArray<readonly unknown[]>): number | undefined {
  const last = pages.at(-1);
  if (!last || last.length < FOLLOWING_PAGE_SIZE) return undefined;
  return pages.reduce((sum, page) => sum + page.length, 0);
}

/** The pages with one pick's added state set (the add toggle's optimistic change and its rollback). */
export function withPickAdded<P extends { graphpicks: Array<{ article_id: string; isAddedToGraph: boolean }> }>(
  pages: P[][],
  articleId: string,
  isAdded: boolean,
): P[][] {
  return pages.map((page) =>
    page.map((session) => ({
      ...session,
      graphpicks: session.graphpicks.map((p) => (p.article_id === articleId ? { ...p, isAddedToGraph: isAdded } : p)),
    })),
  );
}
