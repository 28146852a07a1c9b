/**
 * Calls of the media tab: searching the book and film catalogues, the person's shelves (read a
 * page at a time), adding, editing and deleting, and imports in batches.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import type { ListPage } from "../../lib/paged-list.ts";
import type { ImportedBookRow, ImportedMovieRow } from "@graph/core/modules/media";
import type { RowResult } from "./import-run.ts";

const books = client.api.books;
const movies = client.api.movies;

/** A book on the person's shelf. */
export type Book = InferResponseType<typeof books.shelf.$get, 200>["books"][number];
/** A book the catalogue answered for a search. */
export type BookResult = InferResponseType<(typeof books)["search-books"]["$get"], 200>["results"][number];
export type AddBook = InferRequestType<typeof books.add_book.$post>["json"];
/** A Goodreads row as the import sends it (the API checks each row alone, so its body type is loose). */
export type { ImportedBookRow, ImportedMovieRow } from "@graph/core/modules/media";

export type Movie = InferResponseType<typeof movies.shelf.$get, 200>["movies"][number];
export type MovieResult = InferResponseType<(typeof movies)["search-movies"]["$get"], 200>["results"][number];
export type AddMovie = InferRequestType<(typeof movies)["add-movie"]["$post"]>["json"];

/** A rating and notes, as an edit sends them. */
export interface Review {
  rating: number | null;
  notes: string;
}

/** Items a shelf page asks for. */
export const SHELF_PAGE = 20;

export const bookSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ["media", "book-search", term] as const,
    queryFn: ({ signal }) => call(books["search-books"].$get({ query: { query: term } }, { init: { signal } })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const movieSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ["media", "movie-search", term] as const,
    queryFn: ({ signal }) => call(movies["search-movies"].$get({ query: { query: term } }, { init: { signal } })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const bookShelfQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["media", "books", userId] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<Book>> => {
      const query = { limit: String(SHELF_PAGE), ...(pageParam ? { cursor: pageParam } : {}) };
      const page = await call(books.shelf.$get({ query }, { init: { signal } }));
      return { items: page.books, cursor: page.cursor, count: page.count };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: userId !== "",
  });

export const movieShelfQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["media", "movies", userId] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<Movie>> => {
      const query = { limit: String(SHELF_PAGE), ...(pageParam ? { cursor: pageParam } : {}) };
      const page = await call(movies.shelf.$get({ query }, { init: { signal } }));
      return { items: page.movies, cursor: page.cursor, count: page.count };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: userId !== "",
  });

export const addBook = (json: AddBook) => call(books.add_book.$post({ json }));
export const editBook = (bookId: string, json: Review) => call(books[":bookId"].$patch({ param: { bookId }, json }));
export const deleteBook = (bookId: string) => call(books.$delete({ json: { bookId } }));
export const importBooks = (parsedBooks: ImportedBookRow[]): Promise<{ results: RowResult[] }> =>
  call(books.add_from_csv.$post({ json: { parsedBooks } }));

export const addMovie = (json: AddMovie) => call(movies["add-movie"].$post({ json }));
export const editMovie = (movieId: string, json: Review) =>
  call(movies[":movieId"].$patch({ param: { movieId }, json }));
export const deleteMovie = (movieId: string) => call(movies.$delete({ json: { movieId } }));
export const importMovies = (parsedMovies: ImportedMovieRow[]): Promise<{ results: RowResult[] }> =>
  call(movies.add_from_csv.$post({ json: { parsedMovies } }));
