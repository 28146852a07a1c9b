/** The private Atom feed of a person's picks: its limits and messages (no I/O). */
export const ATOM_FEED = {
  /** Entries in the feed at most (newest first). */
  maxEntries: 100,
  /** Picks of the feed sessions of this many days. */
  days: 7,
  /** Bytes of entropy in the secret of a feed's address. */
  tokenBytes: 32,
  /** Characters of an entry's summary at most. */
  summaryChars: 600,
} as const;

export const ATOM_FEED_MESSAGES = {
  notFound: "No such feed.",
} as const;
