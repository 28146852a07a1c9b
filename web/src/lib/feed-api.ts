/** Feed and onboarding calls, and the stored-feed rules wrapped around them. */
import { api } from "./api.ts";
import { type FeedResponse, feedLoadPlan } from "./feed.ts";
import { readStorage, removeStorage, storageKeys, writeStorage } from "./storage.ts";

export const feedQueryKey = (userId: string) => ["feed", userId] as const;

export function fetchFeed(manual = false): Promise<FeedResponse> {
  return api.get<FeedResponse>(manual ? "/api/rss/articles?type=manual" : "/api/rss/articles");
}

export function storeFeed(userId: string, feed: FeedResponse): void {
  writeStorage(storageKeys.cachedFeed(userId), JSON.stringify(feed));
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

export function toggleAddArticle(articleId: string): Promise<{ isAddedToGraph: boolean }> {
  return api.post<{ isAddedToGraph: boolean }>("/api/articles/toggle_add_article", { articleId });
}

export function silenceSource(sourceId: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/rss/user_source_blacklist", { sourceId });
}

export function markSeen(articleIds: string[]): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/articles/mark_seen", { articleIds });
}

export interface Topic {
  id: string;
  topic: string;
  isSupertag: boolean;
}

export interface Aim {
  id: string;
  content: string;
}

export function submitTopics(keyTopicsArray: string[]): Promise<{ topics: Topic[] }> {
  return api.post<{ topics: Topic[] }>("/api/gpt/to_db", { keyTopicsArray });
}

export function submitAims(aims: string[]): Promise<{ aims: Aim[] }> {
  return api.post<{ aims: Aim[] }>("/api/aims/to_db", { aims: aims.map((content) => ({ content })) });
}

export function setHasOnboarded(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/users/set_has_onboarded");
}

export function clearLastFeedRefreshAt(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/users/clear_last_feed_refresh_at");
}
