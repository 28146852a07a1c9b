/** YouTube links and channels: limits and messages (pure: the media tab shows the same words). */

/** What graph asks Google for: reading the person's YouTube account (subscriptions, own channel). */
export const YOUTUBE_SCOPE = "https://www.googleapis.com/auth/youtube.readonly";
/** Where the popup goes after a connect unless it named a path of this site. */
export const YOUTUBE_DEFAULT_REDIRECT = "/oauth/youtube/success";
/** A person keeps at most this many channels, from the account and Takeout together (held under parallel imports). */
export const CHANNELS_MAX = 2000;
/** Rows of a Takeout `subscriptions.csv` one import call takes. */
export const CHANNEL_IMPORT_MAX = 1000;
export const CHANNEL_TITLE_MAX = 200;
/** Channels a page of the owner's list answers at most. */
export const CHANNEL_PAGE_MAX = 100;

/** A YouTube channel id: `UC` and 22 more characters of base-64 (URL-safe). */
export const YOUTUBE_CHANNEL_ID = /^UC[0-9A-Za-z_-]{22}$/;

export const YOUTUBE_MESSAGES = {
  notConfigured: "YouTube is not configured.",
  loggedOut: "Logged out of YouTube",
  logoutFailed: "Logout failed",
  channelIdInvalid: "That is not a YouTube channel id.",
  noSuchChannel: "No such channel.",
  importEmpty: "There are no channels to import.",
  importTooMany: `Send at most ${CHANNEL_IMPORT_MAX} channels at a time.`,
  notYours: "You can only change your own YouTube link.",
  cursorInvalid: "That cursor is not valid.",
} as const;
