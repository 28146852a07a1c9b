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

/**
 * Where to send the browser after a connect: a path of this site (`/…`, never `//…` or `/\…`,
 * which browsers read as another host), or `fallback` for anything else.
 */
export function safeRedirect(raw: unknown, fallback: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > REDIRECT_MAX) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // Control characters and backslashes have no place in a path of this site.
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  return raw;
}

/** `path` (a safe redirect) with `name=value` added to its query. */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Items a public read of a linked section answers: enough to swap shown items for unseen ones. */
export const PUBLIC_LIST_MAX = 50;
