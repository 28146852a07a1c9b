import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { MovieEntity, type Movie } from "./movie.entity.ts";
import { pageOf } from "../../adapters/dynamo/index.ts";
import {
  isMovieId,
  isRating,
  looseText,
  MEDIA_MESSAGES,
  NOTES_MAX,
  PUBLIC_LIST_MAX,
  QUERY_MAX,
  SHELF_PAGE_MAX,
  TMDB_MOVIE_ID,
} from "./rules.ts";
import { removeItems, shelfCount } from "./shelf.ts";
import { storeOne, type ShelfWrite } from "./store.ts";
import { filmById, posterUrlOf, searchFilms } from "../../adapters/tmdb/index.ts";
import { pictureAddress } from "../pictures/index.ts";

/** A film as the API answers it (the spec's fields, and the poster's address). */
export interface MovieView {
  id: string;
  /** Null for a film kept from a Letterboxd import that the catalogue did not find. */
  tmdb_id: number | null;
  title: string;
  release_date: string | null;
  poster_path: string | null;
  poster_url: string | null;
  /** The poster on graph's own origin (the picture proxy's signed address): what pages show. */
  picture_url: string | null;
  rating: number | null;
  notes: string;
  updated_at: string;
}

export interface MovieResult {
  tmdb_id: number;
  title: string;
  release_date: string | null;
  poster_path: string | null;
  poster_url: string | null;
  /** The poster on graph's own origin, as on a shelved film. */
  picture_url: string | null;
  overview: string;
}

export const movieView = (m: Movie): MovieView => ({
  id: m.movieId,
  tmdb_id: m.tmdbId ?? null,
  title: m.title,
  release_date: m.releaseDate ?? null,
  poster_path: m.posterPath ?? null,
  poster_url: posterUrlOf(m.posterPath),
  picture_url: pictureAddress(posterUrlOf(m.posterPath)),
  rating: m.rating ?? null,
  notes: m.notes,
  updated_at: new Date(m.updatedAt).toISOString(),
});

/** Films TMDB finds (at most 10); a blank query finds nothing without asking it. */
export async function searchMovies(query: string): Promise<MovieResult[]> {
  const text = query.trim();
  if (text === "") return [];
  if (text.length > QUERY_MAX) throw badRequest(MEDIA_MESSAGES.queryTooLong);
  return (await searchFilms(text)).map((m) => ({
    tmdb_id: m.tmdbId,
    title: m.title,
    release_date: m.releaseDate,
    poster_path: m.posterPath,
    poster_url: posterUrlOf(m.posterPath),
    picture_url: pictureAddress(posterUrlOf(m.posterPath)),
    overview: m.overview,
  }));
}

export interface MovieFields {
  /** Null for a film TMDB did not find, kept from a Letterboxd import under `movieId`. */
  tmdbId: number | null;
  /** The id on the list: the TMDB id as text unless given. */
  movieId?: string;
  title: string;
  releaseDate: string | null;
  posterPath: string | null;
  rating: number | null;
  notes: string;
  letterboxdUri?: string;
  shelvedAt: number;
}

function checkChanges(changes: { rating?: number | null; notes?: string }) {
  if (changes.rating != null && !isRating(changes.rating)) throw badRequest(MEDIA_MESSAGES.rating);
  if (changes.notes !== undefined && changes.notes.length > NOTES_MAX) throw badRequest(MEDIA_MESSAGES.notesTooLong);
}

function movieUpdate(
  userId: string,
  movieId: string,
  changes: { rating?: number | null; notes?: string; letterboxdUri?: string },
  now: number,
) {
  const set: { updatedAt: number; notes?: string; rating?: number; letterboxdUri?: string } = { updatedAt: now };
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (typeof changes.rating === "number") set.rating = changes.rating;
  if (changes.letterboxdUri !== undefined) set.letterboxdUri = changes.letterboxdUri;
  const patch = MovieEntity.patch({ userId, movieId }).set(set);
  return changes.rating === null ? patch.remove(["rating"]) : patch;
}

/** The create and update of one film, for `storeOne` / `storeMany`. */
export function movieWrite(
  userId: string,
  fields: MovieFields,
  exists: boolean,
  now: number,
  /** What an update changes (an import without notes keeps the film's). */
  changes: { rating?: number | null; notes?: string; letterboxdUri?: string } = {
    rating: fields.rating,
    notes: fields.notes,
  },
): ShelfWrite {
  const movieId = fields.movieId ?? String(fields.tmdbId);
  return {
    itemId: movieId,
    exists,
    create: () =>
      MovieEntity.create({
        userId,
        movieId,
        ...(fields.tmdbId !== null ? { tmdbId: fields.tmdbId } : {}),
        title: fields.title,
        ...(fields.releaseDate ? { releaseDate: fields.releaseDate } : {}),
        ...(fields.posterPath ? { posterPath: fields.posterPath } : {}),
        ...(fields.rating !== null ? { rating: fields.rating } : {}),
        notes: fields.notes,
        ...(fields.letterboxdUri ? { letterboxdUri: fields.letterboxdUri } : {}),
        shelvedAt: Math.max(0, fields.shelvedAt),
        addedAt: now,
        updatedAt: now,
      }),
    update: () => movieUpdate(userId, movieId, changes, now),
  };
}

async function readMovie(userId: string, movieId: string): Promise<Movie> {
  const { data } = await MovieEntity.get({ userId, movieId }).go({ consistent: true });
  if (!data) throw notFound(MEDIA_MESSAGES.noSuchMovie);
  return data;
}

/**
 * Adds a film the catalogue has: its id must be one TMDB knows and the title sent that film's
 * (its title or original title, loosely), else 400. What is kept of it — title, date, poster — is
 * the catalogue's, never what the client sent. One already on the list stays one, with the
 * rating and notes sent (`created` false).
 */
export async function addMovie(
  userId: string,
  input: Omit<MovieFields, "shelvedAt" | "movieId" | "tmdbId"> & { tmdbId: number },
  now = Date.now(),
): Promise<{ movie: MovieView; created: boolean }> {
  if (!TMDB_MOVIE_ID.test(String(input.tmdbId))) throw badRequest(MEDIA_MESSAGES.movieIdInvalid);
  checkChanges(input);
  const film = await filmById(input.tmdbId);
  const title = looseText(input.title);
  if (!film || (title !== looseText(film.title) && title !== looseText(film.originalTitle)))
    throw badRequest(MEDIA_MESSAGES.notInFilmCatalogueAdd);
  const fields = { title: film.title, releaseDate: film.releaseDate, posterPath: film.posterPath };
  const outcome = await storeOne(
    userId,
    "movie",
    movieWrite(userId, { ...input, ...fields, shelvedAt: now }, false, now),
  );
  if (outcome === "full") throw badRequest(MEDIA_MESSAGES.moviesFull, "limit_reached");
  return { movie: movieView(await readMovie(userId, String(input.tmdbId))), created: outcome === "created" };
}

/** Changes the rating and notes of a film on the list (404 when it is not there). */
export async function editMovie(
  userId: string,
  movieId: string,
  changes: { rating?: number | null; notes?: string },
  now = Date.now(),
): Promise<MovieView> {
  if (!isMovieId(movieId)) throw notFound(MEDIA_MESSAGES.noSuchMovie);
  checkChanges(changes);
  try {
    const { data } = await movieUpdate(userId, movieId, changes, now).go({ response: "all_new" });
    return movieView(data);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(MEDIA_MESSAGES.noSuchMovie);
    throw error;
  }
}

export async function deleteMovie(userId: string, movieId: string): Promise<void> {
  if (!isMovieId(movieId)) throw notFound(MEDIA_MESSAGES.noSuchMovie);
  const removed = await removeItems(userId, "movie", [
    { itemId: movieId, remove: MovieEntity.delete({ userId, movieId }).where((attr, op) => op.exists(attr.addedAt)) },
  ]);
  if (!removed) throw notFound(MEDIA_MESSAGES.noSuchMovie);
}

/** The person's films, newest shelved first. */
export async function listMovies(userId: string, limit = PUBLIC_LIST_MAX): Promise<MovieView[]> {
  const { data } = await MovieEntity.query.byShelvedAt({ userId }).go({ order: "desc", limit });
  return data.map(movieView);
}

export async function movieShelf(userId: string, options: { cursor?: string | null; limit?: number } = {}) {
  const limit = Math.min(Math.max(1, options.limit ?? SHELF_PAGE_MAX), SHELF_PAGE_MAX);
  const [page, count] = await Promise.all([
    pageOf(MovieEntity.query.byShelvedAt({ userId }), options.cursor ?? null, limit, MEDIA_MESSAGES.cursorInvalid),
    shelfCount(userId, "movie"),
  ]);
  return { movies: (page.data as Movie[]).map(movieView), cursor: page.cursor, count };
}
