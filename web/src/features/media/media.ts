/** The media tab's words and how a book or a film is shown in a row. */
import { MEDIA_MESSAGES } from "@graph/core/modules/media/rules";

/** The server's limit on notes, shown by the notes' counter. */
export { NOTES_MAX } from "@graph/core/modules/media/rules";

/** The spec's message when a book delete fails, word for word. */
export const DELETE_BOOK_FAILED = MEDIA_MESSAGES.deleteBookFailed;
export const DELETE_MOVIE_FAILED = "Failed to delete the movie.";

export const MEDIA_TEXT = {
  addBookFailed: (title: string) => `Failed to add the book "${title}", so it is off your list again.`,
  addMovieFailed: (title: string) => `Failed to add the movie "${title}", so it is off your list again.`,
  editBookFailed: (title: string) => `Failed to save your rating and notes for "${title}".`,
  editMovieFailed: (title: string) => `Failed to save your rating and notes for "${title}".`,
  searchFailed: "The search did not answer. Please try again.",
} as const;

/** What a row of either list shows. */
export interface ShelfEntry {
  id: string;
  title: string;
  /** Authors and year, or the year alone for a film. */
  byline: string;
  imageUrl: string | null;
  rating: number | null;
  notes: string;
}

/** The year of a date as catalogues write it (`1965`, `1999-10-15`), or null. */
export function yearOf(date: string | null | undefined): string | null {
  const match = /^(-?\d{1,4})/.exec(date?.trim() ?? "");
  return match ? match[1]! : null;
}

export function bookByline(book: { authors: readonly string[]; publication_date: string | null }): string {
  const authors =
    book.authors.length > 3 ? `${book.authors.slice(0, 3).join(", ")} and others` : book.authors.join(", ");
  return [authors, yearOf(book.publication_date)].filter(Boolean).join(" · ");
}

export function movieByline(movie: { release_date: string | null }): string {
  return yearOf(movie.release_date) ?? "";
}
