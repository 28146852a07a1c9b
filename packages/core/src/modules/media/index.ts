/**
 * Books and films on a person's shelf: catalogue search (Open Library, TMDB), adds, edits and
 * deletes within the shelf's cap, Goodreads and Letterboxd imports, and the reads the public
 * profile, mutual interests and topic suggestions use.
 */
export {
  addBook,
  bookShelf,
  bookSubjects,
  deleteBook,
  editBook,
  listBooks,
  searchBooks,
  type BookResult,
  type BookView,
} from "./books.ts";
export {
  addMovie,
  deleteMovie,
  editMovie,
  listMovies,
  movieShelf,
  searchMovies,
  type MovieResult,
  type MovieView,
} from "./movies.ts";
export { importBooks } from "./import-books.ts";
export { importMovies } from "./import-movies.ts";
export { shelfIds } from "./reads.ts";
export { purgeAccount } from "./purge.ts";
export * from "./rules.ts";
export { ImportedBookRow, ImportedMovieRow, Notes, Rating } from "./schemas.ts";
export { personData } from "./person-data.ts";
