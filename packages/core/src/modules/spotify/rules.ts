/** Spotify links: limits and messages (pure: the media tab shows the same words). */

/** Top tracks and top artists read from Spotify at each sync (its maximum for one page). */
export const TOP_ITEMS = 50;
/** Where the browser goes after a connect unless it named a path of this site. */
export const SPOTIFY_DEFAULT_REDIRECT = "/home/tune?tab=media-links";
/** The query parameter the connect's redirect carries: `connected` or `error`. */
export const SPOTIFY_RESULT_PARAM = "spotify";
/** What graph asks Spotify for: the person's top tracks and artists, nothing else. */
export const SPOTIFY_SCOPES = ["user-top-read"];

/** A Spotify id (tracks, artists, users' items): 22 base-62 characters. */
export const SPOTIFY_ID = /^[0-9A-Za-z]{22}$/;

export const SPOTIFY_MESSAGES = {
  notConfigured: "Spotify is not configured.",
  loggedOut: "Logged out of Spotify",
} as const;
