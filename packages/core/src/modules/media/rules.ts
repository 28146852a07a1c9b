/**
 * Books and films on a person's shelf: limits, messages and the pure conversions of imported
 * rows. The server enforces these; the media tab shows them.
 */

/** A shelf holds at most this many books, and this many films (held under parallel adds and imports). */
export const BOOKS_MAX = 5000;
export const MOVIES_MAX = 5000;
/** The kinds a shelf holds. */
export type MediaKind = "book" | "movie";
export const NOTES_MAX = 2000;
export const TITLE_MAX = 500;
export const AUTHORS_MAX = 20;
export const AUTHOR_MAX = 200;
export const QUERY_MAX = 200;
/** Book search answers at most this many (the spec's cap); film search the same. */
export const SEARCH_RESULTS_MAX = 10;
/** ISBNs kept per book (a catalogue work lists every edition's). */
export const ISBNS_MAX = 5;
/** Catalogue subjects kept per book: enough for topic suggestions. */
export const SUBJECTS_MAX = 10;
export const SUBJECT_MAX = 100;
/** Rows per import request: the page sends a file in batches of this many. */
export const IMPORT_BATCH_MAX = 100;
/** Items a public section read answers: enough to swap shown items for unseen ones. */
export const PUBLIC_LIST_MAX = 50;
/** Books or films a shelf page answers at most (and by default). */
export const SHELF_PAGE_MAX = 100;
export const PUBLICATION_DATE_MAX = 32;
/**
 * An import batch matches its rows against the catalogue for at most this long, so it answers
 * within the API's 29 seconds even when the catalogue is slow; rows not matched by then fail
 * with a reason, and importing the file again adds them (rows already in are updated).
 */
export const IMPORT_MATCH_BUDGET_MS = 20_000;

export const MEDIA_MESSAGES = {
  rating: "Ratings are 1 to 5 in half steps, or none.",
  notesTooLong: `Notes are at most ${NOTES_MAX} characters.`,
  titleMissing: "title is required",
  titleTooLong: `Titles are at most ${TITLE_MAX} characters.`,
  authorsTooMany: `A book lists at most ${AUTHORS_MAX} authors of ${AUTHOR_MAX} characters each.`,
  isbnInvalid: "That ISBN is not valid (10 or 13 digits).",
  dateInvalid: "That date is not valid.",
  queryTooLong: `Searches are at most ${QUERY_MAX} characters.`,
  bookIdInvalid: "That is not a book id.",
  movieIdInvalid: "That is not a film id.",
  noSuchBook: "No such book.",
  noSuchMovie: "No such movie.",
  /** The web's message when a delete fails (the server answers 404 "No such book."). */
  deleteBookFailed: "Failed to delete the book.",
  booksFull: `Your shelf is full (${BOOKS_MAX} books).`,
  moviesFull: `Your film list is full (${MOVIES_MAX} films).`,
  bookCatalogueDown: "The book catalogue is not answering. Please try again in a moment.",
  movieCatalogueDown: "The film catalogue is not answering. Please try again in a moment.",
  movieSearchUnconfigured: "Film search is not configured.",
  movieCatalogueRefused: "The film catalogue refused graph's key. Film search is not configured correctly.",
  importTooMany: `Send at most ${IMPORT_BATCH_MAX} rows at a time.`,
  importEmpty: "There are no rows to import.",
  notOnReadShelf: "not on your read shelf",
  notInFilmCatalogue: "not found in the film catalogue",
  /** An add naming an id the film catalogue does not have, or a title that is not that film's. */
  notInFilmCatalogueAdd: "That film is not in the film catalogue.",
  cursorInvalid: "That cursor is not valid.",
  catalogueTooSlow: "The catalogue was too slow to match this row; import the file again to add it.",
  notesShortened: `review shortened to ${NOTES_MAX} characters`,
  duplicateRow: (index: number) => `the same book as row ${index + 1}`,
  duplicateFilmRow: (index: number) => `the same film as row ${index + 1}`,
} as const;

/** A rating: 1 to 5 in half steps. */
export function isRating(value: number): boolean {
  return Number.isFinite(value) && value >= 1 && value <= 5 && Number.isInteger(value * 2);
}

/** An Open Library work (OL…W) or edition (OL…M) id: the ids search answers. */
export const CATALOGUE_BOOK_ID = /^OL[0-9]{1,12}[WM]$/;
/** A book imported from Goodreads that the catalogue did not know. */
export const GOODREADS_BOOK_ID = /^goodreads-[0-9]{1,20}$/;
export const isBookId = (id: string) => CATALOGUE_BOOK_ID.test(id) || GOODREADS_BOOK_ID.test(id);
export const goodreadsBookId = (idGoodreads: string) => `goodreads-${idGoodreads}`;
/** A film's id on the shelf is its TMDB id, as text. */
export const isMovieId = (id: string) => /^[1-9][0-9]{0,11}$/.test(id);

/**
 * An ISBN as digits (and a final X for ISBN-10), or null when there is none. Goodreads writes
 * them as `="0525509283"` so spreadsheets keep the leading zero; the browser cleans that, and
 * this cleans it again (and drops hyphens and spaces) for whoever sends it raw.
 */
export function cleanIsbn(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  let text = raw.trim();
  const quoted = /^="?(.*?)"?$/.exec(text);
  if (quoted) text = quoted[1]!;
  text = text.replace(/[\s-]/g, "").toUpperCase();
  return text === "" ? null : text;
}

export const isIsbn = (isbn: string) => /^[0-9]{9}[0-9X]$/.test(isbn) || /^[0-9]{13}$/.test(isbn);

/**
 * A Goodreads review as plain notes: its export holds HTML (`<br/>` for line breaks, `<i>`,
 * entities). Line breaks stay line breaks; other tags go; the text is shown as text, never markup.
 */
export function reviewToNotes(review: string | null | undefined): string {
  if (!review) return "";
  return review
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\r\n?/g, "\n")
    .trim();
}
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** `text` cut to `max` characters with an ellipsis when longer. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * A Goodreads star rating (0 to 5; 0 means unrated) on graph's scale: null, or 1 to 5.
 * Anything else is not a rating.
 */
export function goodreadsRating(raw: string | number | null | undefined): number | null | "invalid" {
  if (raw == null || raw === "") return null;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (value === 0) return null;
  return isRating(value) ? value : "invalid";
}

/**
 * A Letterboxd rating (0.5 to 5 in half stars, empty when unrated) on graph's scale of 1 to 5:
 * half a star becomes one.
 */
export function letterboxdRating(raw: string | number | null | undefined): number | null | "invalid" {
  if (raw == null || raw === "") return null;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (value === 0.5) return 1;
  if (value === 0) return null;
  return isRating(value) ? value : "invalid";
}

/**
 * A date as Goodreads (`2023/04/01`) or Letterboxd (`2023-04-01`) writes it, as milliseconds
 * (UTC midnight); null when empty, "invalid" when it is no date.
 */
export function parseExportDate(raw: string | null | undefined): number | null | "invalid" {
  const text = (raw ?? "").trim();
  if (text === "") return null;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (!match) return "invalid";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return "invalid";
  return ms;
}

/** Text compared loosely, as catalogues match it: no case, accents, punctuation or extra spaces. */
export function looseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Whether a catalogue title is the title of an imported row: Goodreads adds the series
 * ("Dune (Dune, #1)") and subtitles ("Sapiens: A Brief History…") the catalogue may leave off.
 */
export function sameTitle(rowTitle: string, catalogueTitle: string): boolean {
  const strip = (t: string) => looseText(t.replace(/\s*\([^)]*#\s*\d+[^)]*\)\s*$/, "").split(/[:;]/)[0]!);
  const a = strip(rowTitle);
  const b = strip(catalogueTitle);
  return a !== "" && b !== "" && (a === b || looseText(rowTitle) === looseText(catalogueTitle));
}

/** What happened to one imported row. */
export interface RowResult {
  index: number;
  title: string;
  status: "imported" | "updated" | "skipped" | "failed";
  reason?: string;
  bookId?: string;
  movieId?: string;
}
