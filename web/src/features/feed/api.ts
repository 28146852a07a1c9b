/** Calls of the home page's feed, and the stored-feed rules wrapped around them. */
import { queryOptions } from "@tanstack/react-query";
import { ApiError, call } from "../../lib/api.ts";
import { unlessJustAnswered } from "../../lib/prefetched.ts";
import { client } from "../../lib/client.ts";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../../lib/storage.ts";
import { type FeedResponse, feedLoadPlan } from "./feed.ts";

export function fetchFeed(manual = false): Promise<FeedResponse> {
  return call(client.api.rss.articles.$get({ query: manual ? { type: "manual" } : {} }));
}

export function storeFeed(userId: string, feed: FeedResponse): void {
  writeStorage(storageKeys.cachedFeed(userId), JSON.stringify(feed));
}

/** Forgets the stored feed (its topics changed), so the home page asks the server for the next one. */
export function clearStoredFeed(userId: string): void {
  removeStorage(storageKeys.cachedFeed(userId));
}

/** HTTP's "your copy is current" (the server answers it to `If-None-Match` naming its feed's version). */
const NOT_MODIFIED = 304;

/**
 * The feed for the home page: the server's current session. The stored copy is sent as its
 * version (`If-None-Match`) and kept when the server answers 304 (nothing changed: no body, no
 * work); otherwise the fresh feed replaces it. So a refresh made on another device shows here at
 * the next load or focus. The forced-refresh flag skips the stored copy and is cleared once the
 * fresh feed has arrived.
 */
export async function loadFeed(userId: string): Promise<FeedResponse> {
  const forceKey = storageKeys.forceFeedRefresh(userId);
  const plan = feedLoadPlan(readStorage(storageKeys.cachedFeed(userId)), readStorage(forceKey));
  let fresh: FeedResponse;
  try {
    fresh = await call(
      client.api.rss.articles.$get(
        { query: {} },
        plan.revalidate ? { headers: { "If-None-Match": `"${plan.revalidate.version}"` } } : undefined,
      ),
    );
  } catch (error) {
    // A 304 is not ok to `call` (it has no body): here it is the answer "your copy is current".
    if (plan.revalidate && error instanceof ApiError && error.status === NOT_MODIFIED) return plan.revalidate;
    throw error;
  }
  storeFeed(userId, fresh);
  if (plan.clearForceFlag) removeStorage(forceKey);
  return fresh;
}

/** Every person's feed query starts with this key (onboarding drops them all). */
export const FEED_KEY = "feed";

/**
 * The person's feed as the home page shows it: asked for again on load, on its countdown, by
 * hand, and when the window gets focus (a cheap check answered 304 while the server's session
 * is the one shown), so each device shows the one feed the server holds.
 */
export const feedQuery = (userId: string) =>
  queryOptions({
    queryKey: [FEED_KEY, userId] as const,
    queryFn: () => loadFeed(userId),
    enabled: userId !== "",
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
    refetchOnWindowFocus: true,
  });

/** Sets whether an article is in the person's graph: the wanted state, so a retry cannot flip it back. */
export function setArticleAdded(articleId: string, added: boolean) {
  return call(client.api.articles.toggle_add_article.$post({ json: { articleId, added } }));
}

/**
 * Keeps an article's source out of the person's feed (its card's "silence source"). The sources
 * feature lists and un-silences them on the feed tab; the feed only needs this one call.
 */
export function silenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$post({ json: { sourceId } }));
}

/** Lets a silenced source back into the feed (the card's "undo"). */
export function unsilenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$delete({ json: { sourceId } }));
}

export function markSeen(articleIds: string[]) {
  return call(client.api.articles.mark_seen.$post({ json: { articleIds } }));
}

/** The person's choice of a denser list without pictures (kept on the server with the feed's state). */
export const cardLayoutQuery = (userId: string) =>
  queryOptions({
    queryKey: [FEED_KEY, userId, "card-layout"] as const,
    queryFn: () => call(client.api.rss.card_layout.$get()),
    enabled: userId !== "",
  });

export function setCardLayout(compact: boolean) {
  return call(client.api.rss.card_layout.$put({ json: { compact } }));
}
