/** Calls of the social layer: the following feed, following and unfollowing, follow lists and mutual interests. */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { FOLLOWING_FEED } from "@graph/core/modules/follows/rules";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export type FriendSession = InferResponseType<typeof client.api.feed.following.$get, 200>[number];
export type FriendPick = FriendSession["graphpicks"][number];
export type OverlapAnswer = InferResponseType<(typeof client.api.overlap.user_overlap)[":id"]["$get"], 200>;
export type FollowLists = InferResponseType<(typeof client.api.users.see_following)[":id"]["$get"], 200>;

export const FOLLOWING_PAGE_SIZE = FOLLOWING_FEED.pageSize;

/** Friends' feed sessions, newest first, a page at a time; a short page was the last. */
export const followingFeedQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["following-feed", userId] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        client.api.feed.following.$get(
          { query: { limit: String(FOLLOWING_PAGE_SIZE), offset: String(pageParam) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled: userId !== "",
  });

/** Whether `viewer` follows `target`. */
export const isFollowingQuery = (viewer: string, target: string) =>
  queryOptions({
    queryKey: ["follows", viewer, "check", target] as const,
    queryFn: ({ signal }) =>
      call(
        client.api.users.check_follow[":viewer"][":target"].$get({ param: { viewer, target } }, { init: { signal } }),
      ),
  });

/** Who follows the person and whom they follow. */
export const followListsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["follows", userId, "lists"] as const,
    queryFn: ({ signal }) =>
      call(client.api.users.see_following[":id"].$get({ param: { id: userId } }, { init: { signal } })),
  });

/** What the viewer shares with another person (all eight kinds: topics, added articles, tracks, artists, videos, channels, books and films), and how much. */
export const overlapQuery = (viewer: string, target: string) =>
  queryOptions({
    queryKey: ["overlap", viewer, target] as const,
    queryFn: ({ signal }) =>
      call(client.api.overlap.user_overlap[":id"].$get({ param: { id: target } }, { init: { signal } })),
  });

export const follow = (userId: string) => call(client.api.users.follow.$post({ json: { userId } }));
export const unfollow = (userId: string) => call(client.api.users.unfollow.$post({ json: { userId } }));

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
