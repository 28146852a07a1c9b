/** Limits of the feed calls, shared by the server and the page. */
export const MAX_SEEN_PER_CALL = 100;
/** The group every feed has, before one group per supertag. */
export const PICKS_GROUP = "picks";
