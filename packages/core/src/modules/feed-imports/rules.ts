/**
 * Bringing feeds in and out as OPML: the limits of an import, what each feed's check can end in,
 * and the messages. Pure: the server enforces these, the feed tab shows them.
 */

export const OPML_IMPORT = {
  /** Largest OPML file an import reads (a list of 1,000 feeds is some 200 KB). */
  maxBytes: 512 * 1024,
  /** Feeds one import checks at most (after duplicates are merged). */
  maxFeeds: 1000,
  /** Imports a person may start an hour. */
  perHour: 10,
  /** Feeds the worker checks at once. */
  concurrency: 8,
  /** Time allowed for each fetch of a feed's check. */
  fetchTimeoutMs: 10_000,
  /** A worker checks feeds this long, then hands the rest on to a new message (the function stops at 5 minutes). */
  runBudgetMs: 3 * 60 * 1000,
  /** An import nobody has heard from for this long (its worker gave up) is answered as stopped. */
  staleMs: 30 * 60 * 1000,
  /** How long an import and its feeds' results are kept. */
  ttlSeconds: 30 * 24 * 60 * 60,
  /** Feeds' results one read answers at most. */
  pageMax: 200,
  /** File names kept up to this length. */
  fileNameMax: 255,
} as const;

export const OPML_EXPORT = {
  /** Sources that reached the person's feed in this many days are exported with the ones they added. */
  windowDays: 90,
} as const;

export const FEED_IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type FeedImportStatus = (typeof FEED_IMPORT_STATUSES)[number];

/** What a feed of an import came to: checked and added, already among the person's, not a feed, or failed. */
export const FEED_RESULTS = ["pending", "added", "exists", "not_feed", "failed"] as const;
export type FeedResult = (typeof FEED_RESULTS)[number];
export type SettledFeedResult = Exclude<FeedResult, "pending">;

/** Each result in words, as the feed tab shows it. */
export const FEED_RESULT_TEXT: Record<FeedResult, string> = {
  pending: "checking...",
  added: "added",
  exists: "already there",
  not_feed: "not a feed",
  failed: "failed",
};

const kb = OPML_IMPORT.maxBytes / 1024;
export const OPML_MESSAGES = {
  tooLarge: `That file is larger than ${kb} KB. Split it into smaller OPML files.`,
  notOpml: "That file is not an OPML file.",
  noFeeds: "That OPML file lists no feeds.",
  tooManyFeeds: `An import takes at most ${OPML_IMPORT.maxFeeds.toLocaleString("en-US")} feeds. Split the file.`,
  running: "An import is already running. Wait for it to finish.",
  tooManyImports: (wait: string) => `Too many imports. Try again in ${wait}.`,
  stale: "The import stopped before every feed was checked. Import the file again to check the rest.",
  notStarted: "The import could not be started. Please try again.",
  cursorInvalid: "That cursor is not valid.",
  /** Reasons a feed's result gives. */
  notWebAddress: "not a web address",
  listedTwice: "listed twice in this file",
  addedBefore: "you added it before",
  uncheckable: "it could not be checked",
} as const;
