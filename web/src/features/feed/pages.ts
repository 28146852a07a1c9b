import type { QueryClient } from "@tanstack/react-query";
import { preloadPicture } from "../../lib/prefetched.ts";
import { sessionQuery } from "../../lib/session.tsx";
import { feedQuery } from "./api.ts";
import { readingSettingsQuery } from "./reading.ts";
import { LEAD_PICTURE_SIZES, leadArticle, type FeedResponse } from "./feed.ts";

/** The home page (the feed), loaded when its route is first shown (the shell's router places it). */
export const home = () => import("./HomePage.tsx");

/**
 * The home page's data, asked for as the app starts (before its chunk arrives and the page
 * renders): the session, then the person's feed, whose first card's picture is the page's
 * largest paint.
 */
export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  const session = await queryClient.fetchQuery(sessionQuery);
  if (!session.isAuthenticated) return;
  // The cards' title links follow the reading settings: asked for with the feed, not after it.
  void queryClient.prefetchQuery(readingSettingsQuery(session.userId));
  const data = await prefetchFeed(queryClient);
  if (data && new URLSearchParams(window.location.search).get("tab") !== "following") preloadLeadPicture(data);
}

/**
 * The person's feed, asked for as soon as the session answers (the home page's cards, the reader
 * view's card). Resolves with the feed, if it came.
 */
export async function prefetchFeed(queryClient: QueryClient): Promise<FeedResponse | undefined> {
  const session = await queryClient.fetchQuery(sessionQuery);
  if (!session.isAuthenticated) return undefined;
  const feed = feedQuery(session.userId);
  await queryClient.prefetchQuery(feed);
  return queryClient.getQueryData(feed.queryKey);
}

/** The first card's picture, asked for as soon as the feed is in, before the page has rendered it. */
function preloadLeadPicture(feed: FeedResponse): void {
  const picture = leadArticle(feed)?.picture;
  if (picture) preloadPicture({ src: picture.src, srcset: picture.srcset, sizes: LEAD_PICTURE_SIZES });
}
