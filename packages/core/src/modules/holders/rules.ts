/** The kinds of item whose holders are counted (topics and liked articles keep their own counts). */
export const HELD_KINDS = ["book", "movie", "track", "artist", "channel", "video"] as const;
export type HeldKind = (typeof HELD_KINDS)[number];
