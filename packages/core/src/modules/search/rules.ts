/**
 * Limits of search, shared by the server (which enforces them) and the page (which waits for
 * enough characters before asking and pages by the same size).
 */

/** Shorter queries (after trimming, in UTF-16 units like the browser's `length`) are refused. */
export const MIN_QUERY_LENGTH = 2;
export const MIN_QUERY_MESSAGE = "Search needs at least 2 characters.";
/** Only the start of a very long query is read (the rest could only narrow an already specific query). */
export const MAX_QUERY_CHARS = 200;
/** Longer `q` parameters are refused: nobody types this much into a search box. */
export const MAX_QUERY_PARAM = 500;
/** Articles per page of search results. */
export const PAGE_SIZE = 50;
/** Pages beyond this answer nothing: it bounds the work and memory one query can take. */
export const MAX_PAGE = 100;
/** People a people search answers at most. */
export const PEOPLE_RESULTS = 20;
/** Debounce of the find page's search box, per tab (ms). */
export const DEBOUNCE_MS = { posts: 300, users: 200 } as const;
