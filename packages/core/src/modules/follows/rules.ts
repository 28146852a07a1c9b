import { SHARED_PICKS_PER_SESSION } from "../../adapters/queues/rules.ts";

/** Limits and messages of following and the following feed, shared by the server and the pages. */
export const FOLLOW_MESSAGES = {
  self: "You can't follow yourself.",
  unknown: "No such user.",
} as const;

export const FOLLOWING_FEED = {
  /** Rows a page answers by default, and the most a request may ask for (the spec's page of 10). */
  pageSize: 10,
  /** How deep a reader may page (offset), so one request reads a bounded number of entries. */
  maxOffset: 1000,
  /** Picks shown per friend session (as many as a shared session carries). */
  picksPerSession: SHARED_PICKS_PER_SESSION,
  /** A new follow fills the reader's timeline with this many of the author's newest sessions. */
  backfillSessions: 3,
  /** Shared sessions and timeline entries are kept this long. */
  retentionDays: 30,
  /** Scroll distance from the bottom that loads the next page, in pixels. */
  scrollThresholdPx: 200,
} as const;
