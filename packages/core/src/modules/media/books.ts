import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { BookEntity, type Book } from "./book.entity.ts";
import { coverRefOf, coverUrlOf, searchCatalogue } from "../../adapters/open-library/index.ts";
import { isBookId, isRating, MEDIA_MESSAGES, NOTES_MAX, PUBLIC_LIST_MAX, QUERY_MAX, SHELF_PAGE_MAX } from "./rules.ts";
import { removeItems, shelfCount } from "./shelf.ts";
import { storeOne, type ShelfWrite } from "./store.ts";
import { pageOf } from "../../adapters/dynamo/index.ts";
import { pictureAddress } from "../pictures/index.ts";

/** A book as the API answers it (the spec's fields). */
export interface BookView {
  id: string;
  title: string;
  authors: string[];
  isbn: string[];
  publication_date: string | null;
  cover_image_url: string | null;
  /** The cover on graph's own origin (the picture proxy's signed address): what pages show. */
  picture_url: string | null;
  rating: number | null;
  notes: string;
  updated_at: string;
}

/** A catalogue search result: what the page adds with `add_book`. */
export interface BookResult {
  id: string;
  title: string;
  authors: string[];
  isbn: string[];
  publication_date: string | null;
  cover_image_url: string | null;
  /** The cover on graph's own origin, as on a shelved book. */
  picture_url: string | null;
  subjects: string[];
}

export const bookView = (b: Book): BookView => ({
  id: b.bookId,
  title: b.title,
  authors: b.authors,
  isbn: b.isbn,
  publication_date: b.publicationDate ?? null,
  cover_image_url: coverUrlOf(b.coverRef),
  picture_url: pictureAddress(coverUrlOf(b.coverRef)),
  rating: b.rating ?? null,
  notes: b.notes,
  updated_at: new Date(b.updatedAt).toISOString(),
});

/** Books the catalogue finds (at most 10); a blank query finds nothing without asking it. */
export async function searchBooks(query: string): Promise<BookResult[]> {
  const text = query.trim();
  if (text === "") return [];
  if (text.length > QUERY_MAX) throw badRequest(MEDIA_MESSAGES.queryTooLong);
  return (await searchCatalogue(text)).map((b) => ({
    id: b.id,
    title: b.title,
    authors: b.authors,
    isbn: b.isbn,
    publication_date: b.publicationDate,
    cover_image_url: coverUrlOf(b.coverRef),
    picture_url: pictureAddress(coverUrlOf(b.coverRef)),
    subjects: b.subjects,
  }));
}

/** A book to put on a shelf, checked by the caller (the API's schema, or an import's row). */
export interface BookFields {
  bookId: string;
  title: string;
  authors: string[];
  isbn: string[];
  publicationDate: string | null;
  coverRef: string | null;
  subjects: string[];
  rating: number | null;
  notes: string;
  goodreadsId?: string;
  shelvedAt: number;
}

function checkChanges(changes: { rating?: number | null; notes?: string }) {
  if (changes.rating != null && !isRating(changes.rating)) throw badRequest(MEDIA_MESSAGES.rating);
  if (changes.notes !== undefined && changes.notes.length > NOTES_MAX) throw badRequest(MEDIA_MESSAGES.notesTooLong);
}

/** The update of a book on the shelf: rating (null removes it) and notes when given; conditioned on it existing. */
export function bookUpdate(
  userId: string,
  bookId: string,
  changes: { rating?: number | null; notes?: string; goodreadsId?: string },
  now: number,
) {
  const set: { updatedAt: number; notes?: string; rating?: number; goodreadsId?: string } = { updatedAt: now };
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (typeof changes.rating === "number") set.rating = changes.rating;
  if (changes.goodreadsId !== undefined) set.goodreadsId = changes.goodreadsId;
  const patch = BookEntity.patch({ userId, bookId }).set(set);
  return changes.rating === null ? patch.remove(["rating"]) : patch;
}

/** The create and update of one book, for `storeOne` / `storeMany`. */
export function bookWrite(
  userId: string,
  fields: BookFields,
  exists: boolean,
  now: number,
  /** What an update changes (an import without a review keeps the book's notes). */
  changes: { rating?: number | null; notes?: string; goodreadsId?: string } = {
    rating: fields.rating,
    notes: fields.notes,
  },
): ShelfWrite {
  return {
    itemId: fields.bookId,
    exists,
    create: () =>
      BookEntity.create({
        userId,
        bookId: fields.bookId,
        title: fields.title,
        authors: fields.authors,
        isbn: fields.isbn,
        ...(fields.publicationDate ? { publicationDate: fields.publicationDate } : {}),
        ...(fields.coverRef ? { coverRef: fields.coverRef } : {}),
        ...(fields.rating !== null ? { rating: fields.rating } : {}),
        notes: fields.notes,
        subjects: fields.subjects,
        ...(fields.goodreadsId ? { goodreadsId: fields.goodreadsId } : {}),
        shelvedAt: Math.max(0, fields.shelvedAt),
        addedAt: now,
        updatedAt: now,
      }),
    update: () => bookUpdate(userId, fields.bookId, changes, now),
  };
}

async function readBook(userId: string, bookId: string): Promise<Book> {
  const { data } = await BookEntity.get({ userId, bookId }).go({ consistent: true });
  if (!data) throw notFound(MEDIA_MESSAGES.noSuchBook);
  return data;
}

/**
 * Adds a book the person found in the catalogue. A book already on the shelf stays one book:
 * its rating and notes become the ones sent (`created` false). The cover is kept only when it
 * lies under the configured cover service.
 */
export async function addBook(
  userId: string,
  input: Omit<BookFields, "coverRef" | "shelvedAt"> & { coverUrl: string | null },
  now = Date.now(),
): Promise<{ book: BookView; created: boolean }> {
  if (!isBookId(input.bookId)) throw badRequest(MEDIA_MESSAGES.bookIdInvalid);
  checkChanges(input);
  const fields: BookFields = { ...input, coverRef: coverRefOf(input.coverUrl), shelvedAt: now };
  const outcome = await storeOne(userId, "book", bookWrite(userId, fields, false, now));
  if (outcome === "full") throw badRequest(MEDIA_MESSAGES.booksFull, "limit_reached");
  return { book: bookView(await readBook(userId, input.bookId)), created: outcome === "created" };
}

/** Changes the rating and notes of a book on the shelf (404 when it is not there). */
export async function editBook(
  userId: string,
  bookId: string,
  changes: { rating?: number | null; notes?: string },
  now = Date.now(),
): Promise<BookView> {
  if (!isBookId(bookId)) throw notFound(MEDIA_MESSAGES.noSuchBook);
  checkChanges(changes);
  try {
    const { data } = await bookUpdate(userId, bookId, changes, now).go({ response: "all_new" });
    return bookView(data);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(MEDIA_MESSAGES.noSuchBook);
    throw error;
  }
}

/** Takes a book off the shelf, with its count and holder (404 when it is not there). */
export async function deleteBook(userId: string, bookId: string): Promise<void> {
  if (!isBookId(bookId)) throw notFound(MEDIA_MESSAGES.noSuchBook);
  const removed = await removeItems(userId, "book", [
    { itemId: bookId, remove: BookEntity.delete({ userId, bookId }).where((attr, op) => op.exists(attr.addedAt)) },
  ]);
  if (!removed) throw notFound(MEDIA_MESSAGES.noSuchBook);
}

/** The person's books, newest shelved first. */
export async function listBooks(userId: string, limit = PUBLIC_LIST_MAX): Promise<BookView[]> {
  const { data } = await BookEntity.query.byShelvedAt({ userId }).go({ order: "desc", limit });
  return data.map(bookView);
}

/** A page of the owner's shelf, newest shelved first, with the cursor of the next page and the count. */
export async function bookShelf(userId: string, options: { cursor?: string | null; limit?: number } = {}) {
  const limit = Math.min(Math.max(1, options.limit ?? SHELF_PAGE_MAX), SHELF_PAGE_MAX);
  const [page, count] = await Promise.all([
    pageOf(BookEntity.query.byShelvedAt({ userId }), options.cursor ?? null, limit, MEDIA_MESSAGES.cursorInvalid),
    shelfCount(userId, "book"),
  ]);
  return { books: (page.data as Book[]).map(bookView), cursor: page.cursor, count };
}

/** Catalogue subjects of the person's newest books, each with the book it came from. */
export async function bookSubjects(
  userId: string,
  limit = PUBLIC_LIST_MAX,
): Promise<Array<{ subject: string; title: string }>> {
  const { data } = await BookEntity.query
    .byShelvedAt({ userId })
    .go({ order: "desc", limit, attributes: ["title", "subjects"] });
  return data.flatMap((b) => (b.subjects ?? []).map((subject) => ({ subject, title: b.title ?? "" })));
}
