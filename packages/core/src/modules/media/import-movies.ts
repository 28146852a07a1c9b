import { getMany } from "../../adapters/dynamo/index.ts";
import { sha256 } from "../../lib/util/index.ts";
import { answerStored, checkRows, firstOfEach, matchRows } from "./import-batch.ts";
import { MovieEntity } from "./movie.entity.ts";
import { movieWrite, type MovieFields } from "./movies.ts";
import {
  letterboxdRating,
  MEDIA_MESSAGES,
  NOTES_MAX,
  parseExportDate,
  reviewToNotes,
  looseText,
  shorten,
  type RowResult,
} from "./rules.ts";
import { ImportedMovieRow, rowIssue } from "./schemas.ts";
import { shelfCount } from "./shelf.ts";
import { storeMany } from "./store.ts";
import { matchFilm } from "../../adapters/tmdb/index.ts";

/**
 * The id a Letterboxd film the catalogue did not find is kept under: its name (loosely, as
 * catalogues compare titles) and year, so the same film from ratings.csv and watched.csv, or
 * imported again, is the same film, and two people who both logged it share it.
 */
export const letterboxdMovieId = (name: string, year: number | null) =>
  `letterboxd-${sha256(`${looseText(name)}\u0000${year ?? ""}`).slice(0, 16)}`;

interface Prepared {
  index: number;
  title: string;
  year: number | null;
  fields: Omit<MovieFields, "tmdbId" | "title" | "releaseDate" | "posterPath">;
  hasReview: boolean;
}

function prepare(raw: unknown, index: number, now: number): Prepared | RowResult {
  const nameOf = (raw as { name?: unknown } | null)?.name;
  const shownTitle = typeof nameOf === "string" ? shorten(nameOf.trim(), 200) : "";
  const parsed = ImportedMovieRow.safeParse(raw);
  if (!parsed.success) return { index, title: shownTitle, status: "failed", reason: rowIssue(parsed.error) };
  const row = parsed.data;
  const rating = letterboxdRating(row.rating);
  if (rating === "invalid") return { index, title: row.name, status: "failed", reason: MEDIA_MESSAGES.rating };
  const date = parseExportDate(row.date);
  if (date === "invalid")
    return { index, title: row.name, status: "failed", reason: `date: ${MEDIA_MESSAGES.dateInvalid}` };
  const notes = reviewToNotes(row.review);
  return {
    index,
    title: row.name,
    year: row.year === "" ? null : Number(row.year),
    hasReview: notes !== "",
    fields: {
      rating,
      notes: shorten(notes, NOTES_MAX),
      ...(row.letterboxdUri ? { letterboxdUri: row.letterboxdUri } : {}),
      shelvedAt: date ?? now,
    },
  };
}

/**
 * Imports a batch of Letterboxd rows (at most 100), each matched to TMDB by title and year; a
 * film TMDB does not know is kept with the row's name and year (as an unknown Goodreads book is),
 * under `letterboxdMovieId`, and a later import that finds it in TMDB updates that film rather
 * than adding its twin. A film already on the list is updated, never added again.
 */
export async function importMovies(userId: string, rows: unknown[], now = Date.now()) {
  const { results, ready } = checkRows(rows, (raw, index) => prepare(raw, index, now));
  const found = await matchRows(
    ready,
    async (row, deadline): Promise<{ row: Prepared; fields: MovieFields } | RowResult> => {
      const film = await matchFilm(row.title, row.year, deadline);
      if (!film) {
        const kept: MovieFields = {
          ...row.fields,
          tmdbId: null,
          movieId: letterboxdMovieId(row.title, row.year),
          title: row.title,
          // The year alone, as the row gives it (the pages show a film's year).
          releaseDate: row.year === null ? null : String(row.year),
          posterPath: null,
        };
        return { row, fields: kept };
      }
      const fields: MovieFields = {
        ...row.fields,
        tmdbId: film.tmdbId,
        title: film.title,
        releaseDate: film.releaseDate,
        posterPath: film.posterPath,
      };
      return { row, fields };
    },
    results,
  );
  const idOf = (fields: MovieFields) => fields.movieId ?? String(fields.tmdbId);
  const unique = firstOfEach(
    found,
    (entry) => entry.row,
    (entry) => idOf(entry.fields),
    MEDIA_MESSAGES.duplicateFilmRow,
    results,
  );

  // What the list holds: each row's id, and the id it was kept under when TMDB did not find it.
  const keys = new Set<string>();
  for (const { row, fields } of unique) {
    keys.add(idOf(fields));
    keys.add(letterboxdMovieId(row.title, row.year));
  }
  const held = new Set(
    (
      await getMany<{ movieId: string }>(
        MovieEntity,
        [...keys].map((movieId) => ({ userId, movieId })),
        ["movieId"],
        { consistent: true },
      )
    ).map((m) => m.movieId),
  );
  const writes = unique.map(({ row, fields: found }) => {
    const earlier = letterboxdMovieId(row.title, row.year);
    const fields = !held.has(idOf(found)) && held.has(earlier) ? { ...found, movieId: earlier } : found;
    return { row, fields, movieId: idOf(fields) };
  });
  const outcomes = await storeMany(
    userId,
    "movie",
    writes.map(({ row, fields, movieId }) =>
      movieWrite(userId, fields, held.has(movieId), now, {
        rating: fields.rating,
        ...(row.hasReview ? { notes: fields.notes } : {}),
        ...(fields.letterboxdUri ? { letterboxdUri: fields.letterboxdUri } : {}),
      }),
    ),
  );
  answerStored(
    writes.map(({ row, fields, movieId }) => ({
      row,
      id: { movieId },
      ...(fields.tmdbId === null ? { note: MEDIA_MESSAGES.notInFilmCatalogue } : {}),
    })),
    outcomes,
    MEDIA_MESSAGES.moviesFull,
    results,
  );
  return { results, count: await shelfCount(userId, "movie") };
}
