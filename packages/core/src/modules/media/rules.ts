/**
 * Books and films on a person's shelf: limits, messages and the pure conversions of imported
 * rows. The server enforces these; the media tab shows them, and reads the rows of a Goodreads
 * or Letterboxd export in the browser by the same rules (so no validation library here).
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
  /** A Letterboxd row's note when the catalogue did not find its film (it is kept all the same). */
  notInFilmCatalogue: "not found in the film catalogue: kept with its name and year, without a poster",
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
/** A film's id on the list is its TMDB id, as text. */
export const TMDB_MOVIE_ID = /^[1-9][0-9]{0,11}$/;
/** A film imported from Letterboxd that the catalogue did not find (its name and year, hashed). */
export const LETTERBOXD_MOVIE_ID = /^letterboxd-[A-Za-z0-9_-]{16}$/;
export const isMovieId = (id: string) => TMDB_MOVIE_ID.test(id) || LETTERBOXD_MOVIE_ID.test(id);

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
 * The book's ISBN from an export's cells, in the order given (Goodreads: ISBN13, then ISBN): the
 * first that holds a valid one once cleaned; null when none does (`=""`, empty, or no ISBN).
 */
export function exportIsbn(...cells: (string | null | undefined)[]): string | null {
  for (const cell of cells) {
    const isbn = cleanIsbn(cell);
    if (isbn !== null && isIsbn(isbn)) return isbn;
  }
  return null;
}

/**
 * A Goodreads review as plain notes: its export holds HTML (`<br/>` for line breaks, `<i>`, `<a>`,
 * entities). Line breaks and closed paragraphs become new lines, every other tag goes, entities
 * are decoded, runs of blank lines shrink to one and each line is trimmed. The notes are shown as
 * text, never as markup. Plain text comes back as it was (the page converts a review before it
 * sends it, and the server converts what it is sent again).
 */
export function reviewToNotes(review: string | null | undefined): string {
  if (!review) return "";
  const text = review
    .replace(/\r\n?/g, "\n")
    .replace(/<\s*br\s*\/?\s*>/gi, "\n")
    .replace(/<\s*\/\s*(p|div|li|h[1-6]|blockquote)\s*>/gi, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-z][^>]*>/gi, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

/** Named entities of the list above and numeric ones (`&#39;`, `&#x27;`); anything else is left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Whitespace (new lines included) collapsed to single spaces, trimmed: a title's or a name's cell. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `text` cut to at most `max` UTF-16 units, never through a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

/** A text cell of an export row: strings as parsed, numbers as some parsers type them, empty as "". */
export function cellText(value: string | number | null | undefined): string {
  return value == null ? "" : String(value).trim();
}

/** Goodreads' "Additional Authors" cell (names separated by commas), or the names as a list: each name trimmed, empty ones left out. */
export function authorNames(value: string | readonly string[]): string[] {
  return (typeof value === "string" ? value.split(",") : value)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** `text` cut to `max` characters with an ellipsis when longer. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * A Goodreads star rating on graph's scale: whole stars 1 to 5, or null for 0 and an empty cell
 * (Goodreads writes 0 for a book read but not rated). Goodreads has no half stars: anything else
 * (3.5 included) is no Goodreads rating.
 */
export function goodreadsRating(raw: string | number | null | undefined): number | null | "invalid" {
  if (raw == null || raw === "") return null;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (value === 0) return null;
  return Number.isInteger(value) && isRating(value) ? value : "invalid";
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
 * (UTC midnight); null when empty, "invalid" when it is no date (or one before 1900).
 *
 * Goodreads keeps the date read of some books to the month or the year alone (`2019/03`,
 * `2019`): that is the first day of the month or the year. The shelf orders books by the day
 * they were shelved, so a date is stored as a day, and the first day is the one the month or
 * year surely holds; it is what the page has always sent for such a row.
 */
export function parseExportDate(raw: string | null | undefined): number | null | "invalid" {
  const text = (raw ?? "").trim();
  if (text === "") return null;
  const match = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(text);
  if (!match) return "invalid";
  const [year, month, day] = [Number(match[1]), Number(match[2] ?? 1), Number(match[3] ?? 1)];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return "invalid";
  return ms;
}

/** The day a date of `parseExportDate` names, as `yyyy-mm-dd` (what the page sends). */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
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
