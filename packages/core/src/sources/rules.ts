/** The kinds of source graph reads; each article carries its source's kind. */
export const SOURCE_TYPES = ["rss", "atom", "youtube", "bluesky", "twitter", "other"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/**
 * Different people who must suggest a source before its articles reach everyone's feed;
 * until then (or until an operator trusts it) it feeds only the people who suggested it.
 */
export const TRUST_SUGGESTERS = 3;
