import { getMany } from "../../adapters/dynamo/index.ts";
import { answerStored, checkRows, firstOfEach, matchRows } from "./import-batch.ts";
import { MovieEntity } from "./movie.entity.ts";
import { movieWrite, type MovieFields } from "./movies.ts";
import {
  letterboxdRating,
  MEDIA_MESSAGES,
  NOTES_MAX,
  parseExportDate,
  reviewToNotes,
  shorten,
  type RowResult,
} from "./rules.ts";
import { ImportedMovieRow, rowIssue } from "./schemas.ts";
import { shelfCount } from "./shelf.ts";
import { storeMany } from "./store.ts";
import { matchFilm } from "../../adapters/tmdb/index.ts";

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
 * film TMDB does not know is skipped. A film already on the list is updated, never added again.
 */
export async function importMovies(userId: string, rows: unknown[], now = Date.now()) {
  const { results, ready } = checkRows(rows, (raw, index) => prepare(raw, index, now));
  const found = await matchRows(
    ready,
    async (row, deadline): Promise<{ row: Prepared; fields: MovieFields } | RowResult> => {
      const film = await matchFilm(row.title, row.year, deadline);
      if (!film)
        return { index: row.index, title: row.title, status: "skipped", reason: MEDIA_MESSAGES.notInFilmCatalogue };
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
  const unique = firstOfEach(
    found,
    (entry) => entry.row,
    (entry) => String(entry.fields.tmdbId),
    MEDIA_MESSAGES.duplicateFilmRow,
    results,
  );

  const held = new Set(
    (
      await getMany<{ movieId: string }>(
        MovieEntity,
        unique.map((u) => ({ userId, movieId: String(u.fields.tmdbId) })),
        ["movieId"],
        { consistent: true },
      )
    ).map((m) => m.movieId),
  );
  const outcomes = await storeMany(
    userId,
    "movie",
    unique.map(({ row, fields }) =>
      movieWrite(userId, fields, held.has(String(fields.tmdbId)), now, {
        rating: fields.rating,
        ...(row.hasReview ? { notes: fields.notes } : {}),
        ...(fields.letterboxdUri ? { letterboxdUri: fields.letterboxdUri } : {}),
      }),
    ),
  );
  answerStored(
    unique.map(({ row, fields }) => ({ row, id: { movieId: String(fields.tmdbId) } })),
    outcomes,
    MEDIA_MESSAGES.moviesFull,
    results,
  );
  return { results, count: await shelfCount(userId, "movie") };
}
