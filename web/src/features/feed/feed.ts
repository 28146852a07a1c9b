/** The pure rules the home page applies to the feed, typed from the API's answer. */
import type { InferResponseType } from "hono/client";
import { PICKS_GROUP } from "@graph/core/modules/feed/rules";
import type { client } from "../../lib/client.ts";

/** `GET /api/rss/articles`, as the route answers it. */
export type FeedResponse = InferResponseType<typeof client.api.rss.articles.$get, 200>;
export type FeedArticle = FeedResponse["groups"][string][number];

export interface FeedGroup {
  name: string;
  articles: FeedArticle[];
}

/** Following tab, when the person follows nobody. */
export const FOLLOWING_EMPTY_TEXT = "You're not following anyone!";
/** Following tab, when the people followed have no sessions yet. */
export const FOLLOWING_NO_SESSIONS_TEXT = "No friend sessions yet";

const ONE_HOUR_S = 3600;

/**
 * Time left as `mm:ss`, or `h:mm:ss` from one hour up. Partial seconds round up, so the
 * display reads `00:00` only once the moment has come.
 */
export function formatCountdown(msLeft: number): string {
  const total = Number.isFinite(msLeft) && msLeft > 0 ? Math.ceil(msLeft / 1000) : 0;
  const hours = Math.floor(total / ONE_HOUR_S);
  const minutes = Math.floor((total % ONE_HOUR_S) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;
  return `${String(minutes).padStart(2, "0")}:${ss}`;
}

/** Milliseconds from `now` until an ISO time; 0 when it has passed or cannot be read. */
export function msUntil(iso: string | null | undefined, now: number): number {
  if (!iso) return 0;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - now);
}

/**
 * The first card's picture's shown width (feed.css): across the card on a phone, 20rem beside it
 * on a desktop (the others have 13rem); either way the page's largest paint.
 */
export const LEAD_PICTURE_SIZES = "(max-width: 600px) 100vw, 20rem";

/** The feed's first card, shown with its picture first and at once (the lead). */
export function leadArticle(feed: Pick<FeedResponse, "groups" | "groupOrder">): FeedArticle | undefined {
  return orderedGroups(feed.groups, feed.groupOrder)[0]?.articles[0];
}

/**
 * Groups in display order: the server's `groupOrder` (starred topics first, then picks), or for
 * an answer without one, the others first and picks last. Empty groups are left out.
 */
export function orderedGroups(
  groups: Record<string, FeedArticle[]> | undefined,
  groupOrder?: readonly string[] | undefined,
): FeedGroup[] {
  if (!groups) return [];
  const names = Object.keys(groups);
  const ordered = groupOrder
    ? [...groupOrder.filter((n) => names.includes(n)), ...names.filter((n) => !groupOrder.includes(n))]
    : [...names.filter((n) => n !== PICKS_GROUP), ...names.filter((n) => n === PICKS_GROUP)];
  return ordered
    .map((name) => ({ name, articles: groups[name] ?? [] }))
    .filter((group) => Array.isArray(group.articles) && group.articles.length > 0);
}

/** Returns the feed with every copy of one article marked added or not (an article can sit in several groups). */
export function withAddedState(feed: FeedResponse, articleId: string, isAdded: boolean): FeedResponse {
  const groups: Record<string, FeedArticle[]> = {};
  for (const [name, articles] of Object.entries(feed.groups)) {
    groups[name] = articles.map((a) => (a.id === articleId ? { ...a, isAddedToGraph: isAdded } : a));
  }
  return { ...feed, groups };
}

/** The feed without a source's articles, nor its name under 'also covered by' (after the person silences it). */
export function withoutSource(feed: FeedResponse, sourceId: string): FeedResponse {
  const groups: Record<string, FeedArticle[]> = {};
  for (const [name, articles] of Object.entries(feed.groups))
    groups[name] = articles.filter((a) => a.source_id !== sourceId).map((a) => withoutCover(a, sourceId));
  return { ...feed, groups };
}

function withoutCover(article: FeedArticle, sourceId: string): FeedArticle {
  if (!article.alsoCoveredBy?.some((c) => c.source_id === sourceId)) return article;
  const { alsoCoveredBy, ...rest } = article;
  const others = alsoCoveredBy.filter((c) => c.source_id !== sourceId);
  return others.length > 0 ? { ...rest, alsoCoveredBy: others } : rest;
}

/** Whether an article is added, read from the first copy found. */
export function isArticleAdded(feed: FeedResponse | undefined, articleId: string): boolean | undefined {
  if (!feed) return undefined;
  for (const articles of Object.values(feed.groups)) {
    const found = articles.find((a) => a.id === articleId);
    if (found) return found.isAddedToGraph;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a stored feed; null when missing or not shaped like a feed response. */
export function parseCachedFeed(raw: string | null): FeedResponse | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.groups) || typeof value.nextRefreshTime !== "string") return null;
  for (const articles of Object.values(value.groups)) if (!Array.isArray(articles)) return null;
  return value as unknown as FeedResponse;
}

/**
 * What to do on load: the stored feed is shown only once the server confirms it is still its
 * current session (the feed's `version`, sent as `If-None-Match`: a 304 keeps it), so every
 * device shows the server's one feed. The forced-refresh flag (set at the end of onboarding)
 * skips the stored copy, and asks for the flag to be cleared once the fresh feed has arrived.
 */
export function feedLoadPlan(
  cachedRaw: string | null,
  forceFlag: string | null,
):
  | { revalidate: FeedResponse & { version: string }; clearForceFlag: false }
  | { revalidate: null; clearForceFlag: boolean } {
  if (forceFlag !== null) return { revalidate: null, clearForceFlag: true };
  const cached = parseCachedFeed(cachedRaw);
  if (cached && typeof cached.version === "string" && cached.version !== "") {
    return { revalidate: { ...cached, version: cached.version }, clearForceFlag: false };
  }
  return { revalidate: null, clearForceFlag: false };
}

/** The label of an earlier session: "earlier today", else its day ("Tue 3 Jun"). */
export function earlierLabel(refreshedAt: string, now: number): string {
  const at = new Date(refreshedAt);
  if (Number.isNaN(at.getTime())) return "earlier";
  if (at.toDateString() === new Date(now).toDateString()) return "earlier today";
  return at.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
}

const AGE_STEPS: Array<[limitSeconds: number, unitSeconds: number, suffix: string]> = [
  [60, 1, "s"],
  [3600, 60, "m"],
  [86_400, 3600, "h"],
  [86_400 * 30, 86_400, "d"],
  [86_400 * 365, 86_400 * 30, "mo"],
  [Infinity, 86_400 * 365, "y"],
];

/** A short age such as `5m`, `3h` or `2d`; '' when the time cannot be read. Future times read as `now`. */
export function formatAge(iso: string | undefined, now: number): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const seconds = Math.floor((now - at) / 1000);
  if (seconds < 60) return "now";
  for (const [limit, unit, suffix] of AGE_STEPS) {
    if (seconds < limit) return `${Math.floor(seconds / unit)}${suffix}`;
  }
  return "";
}

/**
 * What a topic's chip on a card says: the topic, and for a topic the article matched through its
 * related terms rather than by name, which ones ('Kubernetes · via kubelet, helm').
 */
export function keywordChip(article: Pick<FeedArticle, "via">, keyword: string): { label: string; via: boolean } {
  const terms = article.via?.[keyword];
  return terms?.length ? { label: `${keyword} · via ${terms.join(", ")}`, via: true } : { label: keyword, via: false };
}
