/** Feed and onboarding calls, and the stored-feed rules wrapped around them. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { type FeedResponse, feedLoadPlan } from "./feed.ts";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../../lib/storage.ts";

export const feedQueryKey = (userId: string) => ["feed", userId] as const;

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

/**
 * The feed for the home page: the stored copy while it is still current and has picks, else a
 * fresh one from the server (which is then stored). The forced-refresh flag skips the stored copy
 * and is cleared once the fresh feed has arrived.
 */
export async function loadFeed(userId: string, now = Date.now()): Promise<FeedResponse> {
  const forceKey = storageKeys.forceFeedRefresh(userId);
  const plan = feedLoadPlan(readStorage(storageKeys.cachedFeed(userId)), readStorage(forceKey), now);
  if (plan.use === "cache") return plan.feed;
  const fresh = await fetchFeed();
  storeFeed(userId, fresh);
  if (plan.clearForceFlag) removeStorage(forceKey);
  return fresh;
}

/** Sets whether an article is in the person's graph: the wanted state, so a retry cannot flip it back. */
export function setArticleAdded(articleId: string, added: boolean) {
  return call(client.api.articles.toggle_add_article.$post({ json: { articleId, added } }));
}

export function silenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$post({ json: { sourceId } }));
}

export function markSeen(articleIds: string[]) {
  return call(client.api.articles.mark_seen.$post({ json: { articleIds } }));
}

export function submitAims(aims: string[]) {
  return call(client.api.aims.to_db.$post({ json: { aims: aims.map((content) => ({ content })) } }));
}

export function setHasOnboarded() {
  return call(client.api.users.set_has_onboarded.$post());
}

export function clearLastFeedRefreshAt() {
  return call(client.api.users.clear_last_feed_refresh_at.$post());
}
