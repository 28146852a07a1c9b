import * as z from "zod";
import {
  AUTHOR_MAX,
  AUTHORS_MAX,
  authorNames,
  cellText,
  isRating,
  MEDIA_MESSAGES,
  NOTES_MAX,
  PUBLICATION_DATE_MAX,
  TITLE_MAX,
} from "./rules.ts";

/**
 * The checks of what people send about books and films: kept apart from rules.ts so the pages,
 * which share the limits, messages and the rules that read an export's cells, do not carry the
 * validation library. The cleaning itself (a cell's text, a list of names) is rules.ts's.
 */

/** A rating as sent: a number in half steps from 1 to 5, or null (none). */
export const Rating = z.number({ error: MEDIA_MESSAGES.rating }).refine(isRating, MEDIA_MESSAGES.rating).nullable();

export const Notes = z.string({ error: "notes must be text" }).max(NOTES_MAX, MEDIA_MESSAGES.notesTooLong);

/** A text cell of an export row: strings as parsed, numbers as some parsers type them, empty as null. */
const cell = (max: number) =>
  z
    .union([z.string(), z.number()], { error: "must be text" })
    .nullable()
    .optional()
    .transform(cellText)
    .pipe(z.string().max(max, `is longer than ${max} characters`));

/**
 * A row of a Goodreads library export as the page sends it (the spec's fields, plus the
 * additional authors and the review when the file has them). Each row is checked alone: a bad
 * row fails with its reason and the others import.
 */
export const ImportedBookRow = z.object(
  {
    title: cell(TITLE_MAX).pipe(z.string().min(1, MEDIA_MESSAGES.titleMissing)),
    idGoodreads: cell(20).pipe(z.string().regex(/^[0-9]{1,20}$/, "idGoodreads must be the book's Goodreads number")),
    author: cell(AUTHOR_MAX),
    /** Goodreads' "Additional Authors" cell (names separated by commas), or the names as a list. */
    additionalAuthors: z
      .union(
        [
          z.array(z.string().max(AUTHOR_MAX, `is longer than ${AUTHOR_MAX} characters`)).max(AUTHORS_MAX),
          cell(AUTHORS_MAX * (AUTHOR_MAX + 2)),
        ],
        {
          error: "must be text or a list of names",
        },
      )
      .transform(authorNames)
      .optional()
      .transform((v) => v ?? []),
    isbn: cell(40),
    isbn13: cell(40),
    myRating: cell(10),
    dateRead: cell(40),
    publicationDate: cell(PUBLICATION_DATE_MAX),
    exclusiveShelf: cell(100).pipe(z.string().min(1, "exclusiveShelf is required")),
    /** Reviews longer than the notes' limit are shortened, not refused. */
    review: cell(100_000),
  },
  { error: "each row must be an object" },
);
export type ImportedBookRow = z.input<typeof ImportedBookRow>;

/** A row of a Letterboxd `ratings.csv` or `watched.csv` (Date, Name, Year, Letterboxd URI, Rating). */
export const ImportedMovieRow = z.object(
  {
    name: cell(TITLE_MAX).pipe(z.string().min(1, "name is required")),
    year: cell(4).pipe(z.string().regex(/^([0-9]{4})?$/, "year must be four digits")),
    letterboxdUri: cell(300).pipe(
      z
        .string()
        .regex(
          /^(https:\/\/(letterboxd\.com|boxd\.it)\/[A-Za-z0-9/_.-]*)?$/,
          "letterboxdUri is not a Letterboxd address",
        ),
    ),
    rating: cell(10),
    date: cell(40),
    review: cell(100_000),
  },
  { error: "each row must be an object" },
);
export type ImportedMovieRow = z.input<typeof ImportedMovieRow>;

/** The reason of a row that failed its checks: the field and what is wrong with it. */
export function rowIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "the row is not valid";
  const field = issue.path.join(".");
  return field && !issue.message.startsWith(field) && /^(is|must)\b/.test(issue.message)
    ? `${field} ${issue.message}`
    : issue.message;
}
