/**
 * What graph keeps on this device for reading offline, and under which name: the rules the
 * service worker (features/offline/sw.ts) follows and the page uses to forget them. Pure but for
 * `clearPersonCaches`, which only deletes.
 *
 * Everything of a person lives in one cache named after them (`graph-person-v1-{userId}`), and
 * there is at most one such cache: the worker makes it when the server names a signed-in person
 * (`GET /api/check_auth`) and deletes every other person's then, and deletes them all when the
 * server says nobody is signed in. So a different person signing in on the same browser never
 * reads the one before, even when that one's session ended without a log-out.
 */

const PERSON_CACHE_PREFIX = "graph-person-v1-";

/** The cache holding one person's offline copies. */
export function personCacheName(userId: string): string {
  return `${PERSON_CACHE_PREFIX}${encodeURIComponent(userId)}`;
}

/** Whether a cache holds a person's copies (as opposed to the app shell's precache). */
export function isPersonCache(name: string): boolean {
  return name.startsWith(PERSON_CACHE_PREFIX);
}

/** The kinds of answer kept offline; anything else is never stored. */
export type Kept = "session" | "feed" | "reading" | "picture";

/** The paths of what is kept (the API's and the picture proxy's). */
const SESSION_PATH = "/api/check_auth";
const FEED_PATH = "/api/rss/articles";
/** An article's reading (`/api/reader/{articleId}`), not the reading settings beside it. */
const READING_PATH = /^\/api\/reader\/(?!settings$)[^/]+$/;
const PICTURE_PATH = /^\/media\/[^?#]+$/;

/**
 * Which kept kind a request is, or undefined for every other (never stored): same-origin GETs
 * of the session check, the feed's current session, an article's reading and a proxied picture.
 */
export function keptKind(request: { method: string; url: string }, origin: string): Kept | undefined {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  if (url.origin !== origin) return undefined;
  if (url.pathname === SESSION_PATH) return "session";
  if (url.pathname === FEED_PATH) return "feed";
  if (READING_PATH.test(url.pathname)) return "reading";
  if (PICTURE_PATH.test(url.pathname)) return "picture";
  return undefined;
}

/**
 * The key a kept answer is stored under. The feed keeps one answer, its last session, whatever
 * the query (a manual refresh asks `?type=manual`); the others keep each address apart.
 */
export function cacheKey(kind: Kept, url: string): string {
  const parsed = new URL(url);
  if (kind === "feed" || kind === "session") return `${parsed.origin}${parsed.pathname}`;
  return parsed.href;
}

/**
 * Whether to send the page's `If-None-Match` on to the server. The page revalidates its own
 * stored feed; when the kept copy is a different version (or there is none), a 304 would leave
 * nothing readable offline, so the worker asks for the whole answer instead.
 */
export function forwardConditional(ifNoneMatch: string | null, keptEtag: string | null): boolean {
  return ifNoneMatch !== null && keptEtag !== null && ifNoneMatch === keptEtag;
}

/** How many of each kind a person's cache holds at most; the oldest go first. */
export const KEPT_AT_MOST: Record<Kept, number> = { session: 1, feed: 1, reading: 60, picture: 400 };

/** The oldest keys beyond `max` (keys in the order they were stored). */
export function beyondLimit<T>(keys: readonly T[], max: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - max));
}

/** What the session check says about who is signed in. */
export type SessionAnswer = { signedIn: string } | { signedOut: true } | undefined;

/**
 * The person an answer of `GET /api/check_auth` names: signed in as one, signed out (a 200
 * saying so, or a 401), or undefined when it says nothing (an outage: keep what is kept).
 */
export function sessionAnswer(status: number, body: unknown): SessionAnswer {
  if (status === 401) return { signedOut: true };
  if (status !== 200 || typeof body !== "object" || body === null) return undefined;
  const { isAuthenticated, userId } = body as { isAuthenticated?: unknown; userId?: unknown };
  if (isAuthenticated === true && typeof userId === "string" && userId !== "") return { signedIn: userId };
  if (isAuthenticated === false) return { signedOut: true };
  return undefined;
}

/** Deletes every person's offline copies on this device (log-out, account deletion, a session that ended). */
export async function clearPersonCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter(isPersonCache).map((name) => caches.delete(name)));
  } catch {
    // storage disabled: nothing was kept
  }
}
