import pLimit from "p-limit";
import { getMany } from "../db.ts";
import { badRequest, VisibleError } from "../errors.ts";
import { MovieEntity } from "./movie.entity.ts";
import { movieWrite, type MovieFields } from "./movies.ts";
import {
  IMPORT_BATCH_MAX,
  IMPORT_MATCH_BUDGET_MS,
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
import { matchFilm } from "./tmdb.ts";

const MATCH_CONCURRENCY = 8;

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
  if (rows.length === 0) throw badRequest(MEDIA_MESSAGES.importEmpty);
  if (rows.length > IMPORT_BATCH_MAX) throw badRequest(MEDIA_MESSAGES.importTooMany);
  const results: RowResult[] = new Array<RowResult>(rows.length);
  const ready: Prepared[] = [];
  rows.forEach((raw, index) => {
    const prepared = prepare(raw, index, now);
    if ("status" in prepared) results[index] = prepared;
    else ready.push(prepared);
  });

  const deadline = Date.now() + IMPORT_MATCH_BUDGET_MS;
  const limit = pLimit(MATCH_CONCURRENCY);
  const found = await Promise.all(
    ready.map((row) =>
      limit(async () => {
        try {
          const film = await matchFilm(row.title, row.year, deadline);
          if (!film) {
            results[row.index] = {
              index: row.index,
              title: row.title,
              status: "skipped",
              reason: MEDIA_MESSAGES.notInFilmCatalogue,
            };
            return undefined;
          }
          const fields: MovieFields = {
            ...row.fields,
            tmdbId: film.tmdbId,
            title: film.title,
            releaseDate: film.releaseDate,
            posterPath: film.posterPath,
          };
          return { row, fields };
        } catch (error) {
          if (!(error instanceof VisibleError)) throw error;
          const reason = Date.now() >= deadline ? MEDIA_MESSAGES.catalogueTooSlow : error.message;
          results[row.index] = { index: row.index, title: row.title, status: "failed", reason };
          return undefined;
        }
      }),
    ),
  );

  const first = new Map<number, number>();
  const unique: Array<{ row: Prepared; fields: MovieFields }> = [];
  for (const entry of found) {
    if (!entry) continue;
    const seen = first.get(entry.fields.tmdbId);
    if (seen !== undefined) {
      results[entry.row.index] = {
        index: entry.row.index,
        title: entry.row.title,
        status: "skipped",
        reason: MEDIA_MESSAGES.duplicateFilmRow(seen),
      };
      continue;
    }
    first.set(entry.fields.tmdbId, entry.row.index);
    unique.push(entry);
  }

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
  unique.forEach(({ row, fields }, i) => {
    const outcome = outcomes[i]!;
    results[row.index] =
      outcome === "full"
        ? { index: row.index, title: row.title, status: "failed", reason: MEDIA_MESSAGES.moviesFull }
        : {
            index: row.index,
            title: row.title,
            status: outcome === "created" ? "imported" : "updated",
            movieId: String(fields.tmdbId),
          };
  });
  return { results, count: await shelfCount(userId, "movie") };
}
