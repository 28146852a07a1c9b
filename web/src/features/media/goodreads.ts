/**
 * Reading a Goodreads library export (`goodreads_library_export.csv`) in the browser: the rows of
 * the `read` shelf become the rows `POST /books/add_from_csv` takes; the others are counted as
 * skipped, each with why. Pure: text in, rows out.
 *
 * Each cell is read by core's rules (`@graph/core/modules/media/rules`), the ones the server
 * reads the row by again: dates, ratings, ISBNs, reviews, names. Where those rules call an
 * optional cell invalid (a date that is no date, a rating Goodreads cannot give), the page leaves
 * that cell out and the book still imports; the server, sent such a cell by another client, fails
 * the row instead.
 */
import Papa from "papaparse";
import {
  AUTHOR_MAX,
  AUTHORS_MAX,
  NOTES_MAX,
  TITLE_MAX,
  authorNames,
  cut,
  dayOf,
  exportIsbn,
  goodreadsRating,
  oneLine,
  parseExportDate,
  reviewToNotes,
} from "@graph/core/modules/media/rules";

/** The limits a row is held to before it is sent (the server refuses a batch that breaks them). */
export const BOOK_ROW_LIMITS = {
  title: TITLE_MAX,
  authors: AUTHORS_MAX,
  author: AUTHOR_MAX,
  notes: NOTES_MAX,
} as const;

/** One book of the export, as the import sends it. */
export interface GoodreadsBook {
  title: string;
  idGoodreads: string;
  author: string;
  additionalAuthors: string[];
  /** ISBN-13 when the export has one, else ISBN-10; null when neither (Goodreads writes `=""`). */
  isbn: string | null;
  /** Whole stars 1..5; null when unrated (Goodreads writes 0). */
  myRating: number | null;
  /** `yyyy-mm-dd`, or null when not recorded. */
  dateRead: string | null;
  /** The year first published (`yyyy`), or null. */
  publicationDate: string | null;
  exclusiveShelf: string;
  /** The review as plain text (its HTML taken off), within the notes' limit. */
  review: string;
}

/** A row counted out before sending, and why (row numbers count data rows from 1). */
export interface SkippedRow {
  row: number;
  title: string;
  reason: string;
}

/** What a file held: the rows to send (each with its row number) and the rows left out. */
export interface ParsedExport<T> {
  ok: true;
  rows: { row: number; value: T }[];
  skipped: SkippedRow[];
  /** Data rows in the file. */
  total: number;
}

export interface UnreadableExport {
  ok: false;
  error: string;
}

/** The columns every Goodreads export has had, current and older ones alike. */
const REQUIRED = ["Book Id", "Title", "Author", "My Rating"] as const;

export const NOT_GOODREADS =
  "This file is not a Goodreads library export: it has no Book Id, Title, Author, My Rating or Exclusive Shelf column.";
export const EMPTY_EXPORT = "This file holds no books.";

/** A cell the shared rules read, or null where they call it invalid (the cell is left out). */
function orNone<T>(value: T | null | "invalid"): T | null {
  return value === "invalid" ? null : value;
}

/**
 * A date as an export writes it (`2019/03/14`; also `2019-03-14`, and `2019/03` or `2019` for a
 * date Goodreads kept to the month or the year, read as its first day) as `yyyy-mm-dd`; null when
 * empty or not a date.
 */
export function parseDate(raw: string | undefined): string | null {
  const ms = orNone(parseExportDate(raw));
  return ms === null ? null : dayOf(ms);
}

/** Goodreads' "My Rating": 1..5 whole stars, 0 (or anything else) meaning unrated. */
export function parseStars(raw: string | undefined): number | null {
  return orNone(goodreadsRating(raw));
}

/** A year as Goodreads writes it; works from before the common era have negative ones (The Republic: -375). */
function parseYear(raw: string | undefined): string | null {
  const text = raw?.trim() ?? "";
  if (!/^-?\d{1,4}$/.test(text)) return null;
  const year = Number(text);
  return year !== 0 ? String(year) : null;
}

/** The shelf a row is on: "Exclusive Shelf", or in exports without it, the first of "Bookshelves" that is one. */
function shelfOf(record: Record<string, string | undefined>): string {
  const exclusive = record["Exclusive Shelf"]?.trim().toLowerCase();
  if (exclusive) return exclusive;
  const shelves = (record["Bookshelves"] ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return shelves.find((s) => s === "read" || s === "to-read" || s === "currently-reading") ?? shelves[0] ?? "";
}

/** Why a row on another shelf is left out, said as the summary lists it. */
export function notReadReason(shelf: string): string {
  return shelf ? `on your ${shelf} shelf, not read` : "on no shelf, not read";
}

function authorName(raw: string | undefined): string {
  return cut(oneLine(raw ?? ""), BOOK_ROW_LIMITS.author);
}

/** Reads the records a CSV holds, its header row trimmed and a byte-order mark dropped. */
export function readCsv(text: string) {
  const result = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    delimiter: ",",
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
  });
  // A row whose field count is off may have its columns shifted: it is reported, not guessed at.
  const broken = new Map<number, string>();
  for (const error of result.errors) {
    // An unterminated quote runs to the end of the file, so it is the last record that holds it.
    const row = error.code === "MissingQuotes" ? result.data.length - 1 : error.row;
    if (row !== undefined && row !== null && row >= 0) broken.set(row, error.message);
  }
  return { fields: result.meta.fields ?? [], records: result.data, broken };
}

/**
 * Parses a Goodreads export: both its current column set and the older, longer one (which adds
 * Recommended For/By, purchase and condition columns), quoted fields holding commas, quotes and
 * new lines, ISBNs as `="…"` or `=""`, dates as `yyyy/mm/dd`, 0 as "unrated" and HTML reviews.
 * Only rows on the `read` shelf are sent; every other row is skipped with its reason.
 */
export function parseGoodreads(text: string): ParsedExport<GoodreadsBook> | UnreadableExport {
  const { fields, records, broken } = readCsv(text);
  const has = new Set(fields);
  if (REQUIRED.some((f) => !has.has(f)) || !(has.has("Exclusive Shelf") || has.has("Bookshelves"))) {
    return { ok: false, error: NOT_GOODREADS };
  }
  if (records.length === 0) return { ok: false, error: EMPTY_EXPORT };

  const rows: ParsedExport<GoodreadsBook>["rows"] = [];
  const skipped: SkippedRow[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 1;
    const title = cut(oneLine(record["Title"] ?? ""), BOOK_ROW_LIMITS.title);
    const problem = broken.get(index);
    const idGoodreads = (record["Book Id"] ?? "").trim();
    const shelf = shelfOf(record);
    const reason = problem
      ? `the row could not be read (${problem.toLowerCase()})`
      : !title
        ? "no title"
        : !/^\d+$/.test(idGoodreads)
          ? "no Goodreads book id"
          : shelf !== "read"
            ? notReadReason(shelf)
            : null;
    if (reason) {
      skipped.push({ row, title: title || "(no title)", reason });
      continue;
    }

    const author = authorName(record["Author"]);
    // Goodreads lists the author again among the additional ones at times, and a name twice.
    const additionalAuthors = [
      ...new Set(
        authorNames(record["Additional Authors"] ?? "")
          .map(authorName)
          .filter((name) => name && name !== author),
      ),
    ].slice(0, BOOK_ROW_LIMITS.authors - 1);
    rows.push({
      row,
      value: {
        title,
        idGoodreads,
        author,
        additionalAuthors,
        isbn: exportIsbn(record["ISBN13"], record["ISBN"]),
        myRating: parseStars(record["My Rating"]),
        dateRead: parseDate(record["Date Read"]),
        publicationDate: parseYear(record["Original Publication Year"]) ?? parseYear(record["Year Published"]),
        exclusiveShelf: shelf,
        review: cut(reviewToNotes(record["My Review"]), BOOK_ROW_LIMITS.notes),
      },
    });
  }
  return { ok: true, rows, skipped, total: records.length };
}
