/** The kinds of source graph reads; each article carries its source's kind. */
export const SOURCE_TYPES = ["rss", "atom", "youtube", "bluesky", "twitter", "other"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/**
 * Different people who must suggest a source before its articles reach everyone's feed;
 * until then (or until an operator trusts it) it feeds only the people who suggested it.
 */
export const TRUST_SUGGESTERS = 3;

/** Suggested sources: how many of a person's may wait for their check at once. */
export const SUGGESTION_LIMITS = {
  maxPending: 20,
  /** Checks queued for one suggestion at most; then it is rejected, and may be suggested again. */
  maxChecks: 5,
} as const;
export const SUGGESTION_MESSAGES = {
  tooManyPending: `You have ${SUGGESTION_LIMITS.maxPending} suggestions waiting to be checked; try again soon.`,
  /** The reason a suggestion is rejected with when its checks kept getting lost. */
  uncheckable: "it could not be checked; please suggest it again later",
} as const;

/** Searching sources (to silence one): shared by the server and the settings page. */
export const SOURCE_SEARCH = { minLength: 2, maxLength: 100 } as const;
export const SOURCE_SEARCH_MESSAGES = {
  tooShort: `Search needs at least ${SOURCE_SEARCH.minLength} characters.`,
  tooLong: `Search is at most ${SOURCE_SEARCH.maxLength} characters.`,
} as const;
