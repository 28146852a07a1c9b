import { getMany } from "../../adapters/dynamo/index.ts";
import { answerStored, checkRows, firstOfEach, matchRows } from "./import-batch.ts";
import { BookEntity } from "./book.entity.ts";
import { bookWrite, type BookFields } from "./books.ts";
import { matchBook, type CatalogueBook } from "../../adapters/open-library/index.ts";
import {
  AUTHOR_MAX,
  AUTHORS_MAX,
  exportIsbn,
  goodreadsBookId,
  goodreadsRating,
  MEDIA_MESSAGES,
  NOTES_MAX,
  parseExportDate,
  reviewToNotes,
  shorten,
  type RowResult,
} from "./rules.ts";
import { ImportedBookRow, rowIssue } from "./schemas.ts";
import { shelfCount } from "./shelf.ts";
import { storeMany } from "./store.ts";

interface Prepared {
  index: number;
  title: string;
  fields: BookFields;
  isbn: string | null;
  author: string;
  hasReview: boolean;
  shortened: boolean;
}

/** A row checked and converted, or its result when it goes no further (skipped, failed). */
function prepare(raw: unknown, index: number, now: number): Prepared | RowResult {
  const titleOf = (raw as { title?: unknown } | null)?.title;
  const shownTitle = typeof titleOf === "string" ? shorten(titleOf.trim(), 200) : "";
  const parsed = ImportedBookRow.safeParse(raw);
  if (!parsed.success) return { index, title: shownTitle, status: "failed", reason: rowIssue(parsed.error) };
  const row = parsed.data;
  if (row.exclusiveShelf.toLowerCase() !== "read") {
    return { index, title: row.title, status: "skipped", reason: MEDIA_MESSAGES.notOnReadShelf };
  }
  const rating = goodreadsRating(row.myRating);
  if (rating === "invalid") return { index, title: row.title, status: "failed", reason: MEDIA_MESSAGES.rating };
  const dateRead = parseExportDate(row.dateRead);
  if (dateRead === "invalid")
    return { index, title: row.title, status: "failed", reason: `dateRead: ${MEDIA_MESSAGES.dateInvalid}` };
  const isbn = exportIsbn(row.isbn13, row.isbn);
  const authors = [row.author, ...row.additionalAuthors]
    .map((a) => a.trim())
    .filter((a) => a !== "")
    .map((a) => shorten(a, AUTHOR_MAX))
    .slice(0, AUTHORS_MAX);
  const notes = reviewToNotes(row.review);
  return {
    index,
    title: row.title,
    isbn,
    author: row.author,
    hasReview: notes !== "",
    shortened: notes.length > NOTES_MAX,
    fields: {
      bookId: goodreadsBookId(row.idGoodreads),
      title: row.title,
      authors,
      isbn: isbn ? [isbn] : [],
      publicationDate: row.publicationDate || null,
      // A cover only from a catalogue match: a book the catalogue does not know by its ISBN has
      // no cover there either, and a missing image is a failed load on every page that shows it.
      coverRef: null,
      subjects: [],
      rating,
      notes: shorten(notes, NOTES_MAX),
      goodreadsId: row.idGoodreads,
      shelvedAt: dateRead ?? now,
    },
  };
}

/** The row as the catalogue knows it: its work's id, cover and subjects (the person's title, rating and notes stay). */
function matched(row: Prepared, book: CatalogueBook): Prepared {
  const f = row.fields;
  return {
    ...row,
    fields: {
      ...f,
      bookId: book.id,
      authors: f.authors.length > 0 ? f.authors : book.authors,
      isbn: f.isbn.length > 0 ? f.isbn : book.isbn.slice(0, 1),
      publicationDate: f.publicationDate ?? book.publicationDate,
      coverRef: book.coverRef ?? f.coverRef,
      subjects: book.subjects,
    },
  };
}

/**
 * Imports a batch of Goodreads rows (at most 100) and answers per row. Only the read shelf is
 * imported; each row is matched to the catalogue (ISBN first, then title and author) for its
 * id, cover and subjects, and stored as `goodreads-<id>` when the catalogue does not know it.
 * A book already on the shelf (under either id) is updated, never added again; new books go in
 * with the count in transactions that keep the cap under parallel imports.
 */
export async function importBooks(userId: string, rows: unknown[], now = Date.now()) {
  const { results, ready } = checkRows(rows, (raw, index) => prepare(raw, index, now));
  const looked = await matchRows(
    ready,
    async (row, deadline): Promise<Prepared> => {
      const book = await matchBook({ isbn: row.isbn, title: row.title, author: row.author }, deadline);
      return book ? matched(row, book) : row;
    },
    results,
  );
  const unique = firstOfEach(
    looked,
    (row) => row,
    (row) => row.fields.bookId,
    MEDIA_MESSAGES.duplicateRow,
    results,
  );

  // What the shelf holds: each row's id, and its Goodreads id (a book an earlier import could not match).
  const keys = new Set<string>();
  for (const row of unique) {
    keys.add(row.fields.bookId);
    keys.add(goodreadsBookId(row.fields.goodreadsId!));
  }
  const held = new Set(
    (
      await getMany<{ bookId: string }>(
        BookEntity,
        [...keys].map((bookId) => ({ userId, bookId })),
        ["bookId"],
        { consistent: true },
      )
    ).map((b) => b.bookId),
  );
  const writes = unique.map((row) => {
    const earlier = goodreadsBookId(row.fields.goodreadsId!);
    const fields = !held.has(row.fields.bookId) && held.has(earlier) ? { ...row.fields, bookId: earlier } : row.fields;
    const changes = {
      rating: fields.rating,
      goodreadsId: fields.goodreadsId!,
      ...(row.hasReview ? { notes: fields.notes } : {}),
    };
    return { row, fields, write: bookWrite(userId, fields, held.has(fields.bookId), now, changes) };
  });

  const outcomes = await storeMany(
    userId,
    "book",
    writes.map((w) => w.write),
  );
  answerStored(
    writes.map(({ row, fields }) => ({
      row,
      id: { bookId: fields.bookId },
      ...(row.shortened ? { note: MEDIA_MESSAGES.notesShortened } : {}),
    })),
    outcomes,
    MEDIA_MESSAGES.booksFull,
    results,
  );
  return { results, count: await shelfCount(userId, "book") };
}
