/** The kinds of source graph reads; each article carries its source's kind. */
export const SOURCE_TYPES = ["rss", "atom", "youtube", "bluesky", "twitter", "other"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
