import { Hono } from "hono";
import * as z from "zod";
import { badRequest } from "@graph/core/lib/errors";
import * as Media from "@graph/core/modules/media";
import {
  AUTHOR_MAX,
  AUTHORS_MAX,
  CATALOGUE_BOOK_ID,
  cleanIsbn,
  IMPORT_BATCH_MAX,
  isIsbn,
  ISBNS_MAX,
  MEDIA_MESSAGES,
  PUBLIC_LIST_MAX,
  PUBLICATION_DATE_MAX,
  SHELF_PAGE_MAX,
  SUBJECT_MAX,
  SUBJECTS_MAX,
  TITLE_MAX,
} from "@graph/core/modules/media/rules";
import * as Profile from "@graph/core/modules/profile";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { id, idParam, input, jsonBody, pageQuery } from "./validate.ts";

/** `/books/*` and `/movies/*`: a person's shelf of books and list of films (the settings' media tab). */

const SearchQuery = z.object({ query: z.string({ error: "query must be text" }).optional() });

const ShelfQuery = pageQuery(SHELF_PAGE_MAX, MEDIA_MESSAGES.cursorInvalid);

const title = z
  .string({ error: MEDIA_MESSAGES.titleMissing })
  .trim()
  .min(1, MEDIA_MESSAGES.titleMissing)
  .max(TITLE_MAX, MEDIA_MESSAGES.titleTooLong);
/** Rating and notes as sent with an add: absent means none and empty. */
const rating = Media.Rating.optional().transform((r) => r ?? null);
const notes = Media.Notes.optional().transform((n) => n ?? "");

const NewBook = z.object({
  id: z.string({ error: "id is required" }).trim().regex(CATALOGUE_BOOK_ID, MEDIA_MESSAGES.bookIdInvalid),
  rating,
  notes,
  title,
  authors: z
    .array(
      z.string({ error: MEDIA_MESSAGES.authorsTooMany }).trim().min(1).max(AUTHOR_MAX, MEDIA_MESSAGES.authorsTooMany),
      {
        error: "authors must be a list",
      },
    )
    .max(AUTHORS_MAX, MEDIA_MESSAGES.authorsTooMany)
    .optional(),
  /** The spec sends the first ISBN; a list is taken too. */
  isbn: z
    .union([z.string().max(40), z.array(z.string().max(40)).max(ISBNS_MAX)], { error: MEDIA_MESSAGES.isbnInvalid })
    .nullable()
    .optional(),
  publication_date: z
    .string({ error: MEDIA_MESSAGES.dateInvalid })
    .trim()
    .max(PUBLICATION_DATE_MAX, MEDIA_MESSAGES.dateInvalid)
    .nullable()
    .optional(),
  cover_image_url: z.string({ error: "cover_image_url must be text" }).max(500).nullable().optional(),
  subjects: z
    .array(z.string().trim().min(1).max(SUBJECT_MAX), { error: "subjects must be a list" })
    .max(SUBJECTS_MAX, `A book keeps at most ${SUBJECTS_MAX} subjects.`)
    .optional(),
});

const Changes = z
  .object({ rating: Media.Rating.optional(), notes: Media.Notes.optional() })
  .refine((c) => c.rating !== undefined || c.notes !== undefined, "Send a rating or notes to change.");

const BookRef = z.object({ bookId: id("bookId") });
const BookParam = z.object({ bookId: id("bookId") });

const BookImport = z.object({
  parsedBooks: z
    .array(z.unknown(), { error: "parsedBooks must be a list of rows" })
    .min(1, MEDIA_MESSAGES.importEmpty)
    .max(IMPORT_BATCH_MAX, MEDIA_MESSAGES.importTooMany),
});

/** The ISBNs of an add, cleaned; one that is no ISBN is refused. */
function isbnsOf(sent: string | string[] | null | undefined): string[] {
  const list = sent == null ? [] : Array.isArray(sent) ? sent : [sent];
  const cleaned = list.map((i) => cleanIsbn(i)).filter((i): i is string => i !== null);
  if (cleaned.some((i) => !isIsbn(i))) throw badRequest(MEDIA_MESSAGES.isbnInvalid);
  return [...new Set(cleaned)];
}

export const books = new Hono<ApiEnv>()
  .get("/search-books", input("query", SearchQuery), async (c) =>
    c.json({ results: await Media.searchBooks(c.req.valid("query").query ?? "") }),
  )
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "books", viewerOf(c), (owner) =>
        Media.listBooks(owner, PUBLIC_LIST_MAX),
      ),
    ),
  )
  .get("/shelf", requireSession, input("query", ShelfQuery), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await Media.bookShelf(currentUserId(c), { cursor: cursor ?? null, limit }));
  })
  .post("/add_book", requireSession, jsonBody(NewBook), async (c) => {
    const body = c.req.valid("json");
    const { book, created } = await Media.addBook(currentUserId(c), {
      bookId: body.id,
      title: body.title,
      authors: body.authors ?? [],
      isbn: isbnsOf(body.isbn),
      publicationDate: body.publication_date || null,
      coverUrl: body.cover_image_url ?? null,
      subjects: body.subjects ?? [],
      rating: body.rating,
      notes: body.notes,
    });
    return c.json(book, created ? 201 : 200);
  })
  .post("/add_from_csv", requireSession, jsonBody(BookImport), async (c) =>
    c.json(await Media.importBooks(currentUserId(c), c.req.valid("json").parsedBooks)),
  )
  .patch("/:bookId", requireSession, input("param", BookParam), jsonBody(Changes), async (c) =>
    c.json(await Media.editBook(currentUserId(c), c.req.valid("param").bookId, c.req.valid("json"))),
  )
  .delete("/", requireSession, jsonBody(BookRef), async (c) => {
    await Media.deleteBook(currentUserId(c), c.req.valid("json").bookId);
    return c.json({ ok: true as const });
  });

const NewMovie = z.object({
  tmdb_id: z
    .number({ error: MEDIA_MESSAGES.movieIdInvalid })
    .int(MEDIA_MESSAGES.movieIdInvalid)
    .min(1, MEDIA_MESSAGES.movieIdInvalid)
    .max(999_999_999_999, MEDIA_MESSAGES.movieIdInvalid),
  rating,
  notes,
  title,
  poster_path: z
    .string({ error: "poster_path must be text" })
    .regex(/^(\/[A-Za-z0-9_.-]{1,100})?$/, "poster_path must be TMDB's relative path (/abc.jpg)")
    .nullable()
    .optional(),
  release_date: z
    .string({ error: MEDIA_MESSAGES.dateInvalid })
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, MEDIA_MESSAGES.dateInvalid)
    .nullable()
    .optional(),
});
const MovieRef = z.object({ movieId: z.union([z.string(), z.number()]).transform(String).pipe(id("movieId")) });
const MovieParam = z.object({ movieId: id("movieId") });
const MovieImport = z.object({
  parsedMovies: z
    .array(z.unknown(), { error: "parsedMovies must be a list of rows" })
    .min(1, MEDIA_MESSAGES.importEmpty)
    .max(IMPORT_BATCH_MAX, MEDIA_MESSAGES.importTooMany),
});

export const movies = new Hono<ApiEnv>()
  .get("/search-movies", input("query", SearchQuery), async (c) =>
    c.json({ results: await Media.searchMovies(c.req.valid("query").query ?? "") }),
  )
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "movies", viewerOf(c), (owner) =>
        Media.listMovies(owner, PUBLIC_LIST_MAX),
      ),
    ),
  )
  .get("/shelf", requireSession, input("query", ShelfQuery), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await Media.movieShelf(currentUserId(c), { cursor: cursor ?? null, limit }));
  })
  .post("/add-movie", requireSession, jsonBody(NewMovie), async (c) => {
    const body = c.req.valid("json");
    const { movie, created } = await Media.addMovie(currentUserId(c), {
      tmdbId: body.tmdb_id,
      title: body.title,
      releaseDate: body.release_date || null,
      posterPath: body.poster_path || null,
      rating: body.rating,
      notes: body.notes,
    });
    return c.json(movie, created ? 201 : 200);
  })
  .post("/add_from_csv", requireSession, jsonBody(MovieImport), async (c) =>
    c.json(await Media.importMovies(currentUserId(c), c.req.valid("json").parsedMovies)),
  )
  .patch("/:movieId", requireSession, input("param", MovieParam), jsonBody(Changes), async (c) =>
    c.json(await Media.editMovie(currentUserId(c), c.req.valid("param").movieId, c.req.valid("json"))),
  )
  .delete("/", requireSession, jsonBody(MovieRef), async (c) => {
    await Media.deleteMovie(currentUserId(c), c.req.valid("json").movieId);
    return c.json({ ok: true as const });
  });
