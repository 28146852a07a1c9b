/**
 * The reader view's rules: how long an extracted page is kept, what counts as an article, how
 * reading time is estimated, and the wire shape of a reading (the web app imports these).
 */

/** An extracted article (or a page that asked not to be kept) is served from the blob store this long. */
export const READER_CACHE_MS = 3 * 24 * 60 * 60 * 1000;
/** A page that could not be fetched is asked again after this long (a host that is down is not asked on every open). */
export const READER_FAILURE_CACHE_MS = 10 * 60 * 1000;
/** Less readable text than this is a stub (a paywall's teaser, a cookie wall, an index page), not an article. */
export const MIN_ARTICLE_CHARS = 600;
/**
 * A page with more elements than this is not read: extraction takes about 25 µs an element (a
 * 230 KB news page's 4,000 take 0.1–0.3 s), so the largest takes a few seconds, well inside the
 * API's 29 s after a fetch of at most 15 s. Real articles, even long ones, have a few thousand.
 */
export const MAX_ELEMENTS = 100_000;
/** Words a minute for the reading time (an adult's silent reading of prose on a screen). */
export const WORDS_PER_MINUTE = 230;

/** Minutes to read `words` words: at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** Words in plain text (runs of letters or digits; CJK text counts each character as a word's share). */
export function wordCount(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  // Chinese and Japanese are written without spaces: about two characters make a word.
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return ideographs > words ? Math.round(ideographs / 2) : words;
}

/**
 * What the reader view shows of an article's page: its readable text, sanitised (`article`), or why
 * it shows the publisher's link instead.
 */
export type Reading =
  | {
      kind: "article";
      /** Sanitised HTML: the allow-list's elements and attributes only, links to the publisher's site. */
      html: string;
      words: number;
      minutes: number;
      byline?: string;
    }
  /** The site asks not to be archived (`X-Robots-Tag` or the robots meta tag): not kept, not shown. */
  | { kind: "not-archived" }
  /** Too little readable text to be an article (a paywall's stub, an index page). */
  | { kind: "too-small" }
  /** The page could not be fetched or read. */
  | { kind: "failed" };

export const READER_MESSAGES = {
  "not-archived": "This site asks not to be copied, so graph does not show its text here.",
  "too-small": "This page has too little text to show here — it may be behind a paywall.",
  failed: "graph could not read this page.",
} as const;
