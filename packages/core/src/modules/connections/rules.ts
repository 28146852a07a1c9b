/** Account links (Spotify, YouTube): limits, messages and the pure checks the API and the pages share. */

/** The accounts a person can link. */
export type LinkProvider = "spotify" | "youtube";

/** How a link stands: never linked, linked, or refused by the provider since (the grant was revoked). */
export type LinkStatus = "none" | "connected" | "disconnected";

/** How long a person has at the provider between pressing connect and coming back. */
export const AUTHORIZATION_TTL_SECONDS = 10 * 60;

/** Connects a person may start in a window (each keeps a pending authorization for ten minutes). */
export const CONNECT_STARTS = { max: 20, windowSeconds: 10 * 60 } as const;

/** An access token is refreshed this long before the provider says it expires. */
export const REFRESH_MARGIN_MS = 60_000;

/** The longest redirect a connect may name. */
export const REDIRECT_MAX = 500;

export const CONNECTION_MESSAGES = {
  /** Any failed return from the provider: wrong, missing or used state, another person's, a refused code. */
  failed: "Connecting the account failed. Please try again.",
  notConnected: "That account is not connected.",
  /** The provider refused the stored grant: the person revoked it there. */
  revoked: "The account's access was revoked. Connect it again.",
  tooManyStarts: (wait: string) => `Too many connection attempts. Try again in ${wait}.`,
} as const;

/** Any origin: paths are resolved against it as a browser resolves them against the site. */
const SITE = "http://site.invalid";

/**
 * `raw` as a path of this site, resolved as a browser resolves it (dot segments removed), or
 * undefined when it is none: not starting with one `/`, or naming another host once resolved
 * (`//evil`, `/\evil`, `/..//evil`, `/.%2e//evil`). Backslashes (browsers read them as
 * slashes), control characters and encoded dots, slashes and backslashes in the path are never
 * part of a path of this site, so they are refused rather than interpreted.
 */
export function sitePath(raw: string): string | undefined {
  if (!raw.startsWith("/") || raw.startsWith("//")) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return undefined;
  const path = raw.split(/[?#]/, 1)[0]!;
  if (/%(2e|2f|5c)/i.test(path)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== SITE || url.pathname.startsWith("//")) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to send the browser after a connect: a path of this site (see `sitePath`), as the
 * browser will resolve it, or `fallback` for anything else.
 */
export function safeRedirect(raw: unknown, fallback: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > REDIRECT_MAX) return fallback;
  return sitePath(raw) ?? fallback;
}

/** `path` (a safe redirect) with `name=value` added to its query. */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Items a public read of a linked section answers: enough to swap shown items for unseen ones. */
export const PUBLIC_LIST_MAX = 50;
