/**
 * The media links' addresses and words, pure: where the connect buttons go (the API's login
 * routes, with the person and where to come back to in `state`) and how a link is described.
 */
import { counted } from "../../lib/words.ts";
import { SPOTIFY_DEFAULT_REDIRECT } from "@graph/core/modules/spotify/rules";
import { YOUTUBE_DEFAULT_REDIRECT, YOUTUBE_MESSAGES } from "@graph/core/modules/youtube/rules";

/** Where Spotify's sign-in sends the person back to: the media tab, scrolled to its links. */
export const SPOTIFY_RETURN = SPOTIFY_DEFAULT_REDIRECT;
/** Where YouTube's sign-in (in its popup) ends: the page that tells the opener and closes. */
export const YOUTUBE_RETURN = YOUTUBE_DEFAULT_REDIRECT;

/** What the popup's last page tells the window that opened it (the spec's word, and its failure). */
export const YOUTUBE_AUTH_MESSAGE = "youtube-auth-success";
export const YOUTUBE_AUTH_FAILED = "youtube-auth-failed";

/** The spec's popup: its window name and size. */
export const YOUTUBE_POPUP = { name: "youtube-auth", features: "width=500,height=740" } as const;

/** The spec's words. */
export const LINK_MESSAGES = {
  popupBlocked: "Popup blocked. Please allow popups for this site.",
  youtubeLoggedOut: YOUTUBE_MESSAGES.loggedOut,
  logoutFailed: YOUTUBE_MESSAGES.logoutFailed,
  earlyAccess: "We're making this feature available to all users. Contact the team for early access.",
} as const;

function loginUrl(service: "spotify" | "youtube", userId: string, redirect: string): string {
  const state = JSON.stringify({ userId, redirect });
  return `/api/${service}/api/login?state=${encodeURIComponent(state)}`;
}

/** The full-page navigation that starts linking Spotify. */
export const spotifyLoginUrl = (userId: string) => loginUrl("spotify", userId, SPOTIFY_RETURN);
/** The popup's address that starts linking YouTube. */
export const youtubeLoginUrl = (userId: string) => loginUrl("youtube", userId, YOUTUBE_RETURN);

/** What `?spotify=` says on coming back from Spotify; null for nothing (or anything else). */
export function spotifyReturn(value: string | null): { ok: boolean; text: string } | null {
  if (value === "connected") return { ok: true, text: "Spotify is connected: your top tracks and artists are in." };
  if (value === "error") return { ok: false, text: "Spotify could not be connected. Please try again." };
  return null;
}

/**
 * When a link last synced, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago"
 * (an hour is "1 hour ago"); a time in the future (a clock ahead) reads "just now".
 */
export function syncedAgo(syncedAt: number, now: number): string {
  const minutes = Math.floor((now - syncedAt) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${counted(minutes, "minute")} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${counted(hours, "hour")} ago`;
  return `${counted(Math.floor(hours / 24), "day")} ago`;
}
