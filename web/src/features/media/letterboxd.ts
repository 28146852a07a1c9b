/**
 * Reading a Letterboxd export (`ratings.csv`: `Date,Name,Year,Letterboxd URI,Rating`, or
 * `watched.csv` without the rating; `diary.csv` adds columns and works too) in the browser: each
 * film becomes a row `POST /movies/add_from_csv` takes. Pure: text in, rows out.
 */
import { cut, letterboxdRating, oneLine } from "@graph/core/modules/media/rules";
import { type ParsedExport, type SkippedRow, type UnreadableExport, parseDate, readCsv } from "./goodreads.ts";

/** One film of the export, as the import sends it. */
export interface LetterboxdFilm {
  name: string;
  year: number | null;
  letterboxdUri?: string;
  /** Letterboxd's stars, 0.5..5 in halves; null when unrated (watched.csv, or no rating given). */
  rating: number | null;
  /** When it was logged (`yyyy-mm-dd`), or null. */
  date: string | null;
}

export const NOT_LETTERBOXD =
  "This file is not a Letterboxd ratings.csv or watched.csv export: it has no Name, Year or Letterboxd URI column.";
export const NO_FILMS = "This file holds no films.";

/**
 * Letterboxd's rating as the export writes it, 0.5 to 5 in halves (the server puts half a star on
 * graph's scale of 1 to 5); anything else (empty and 0 included) is unrated.
 */
export function parseLetterboxdRating(raw: string | undefined): number | null {
  const rating = letterboxdRating(raw);
  return rating === null || rating === "invalid" ? null : Number(raw!.trim());
}

function parseFilmYear(raw: string | undefined): number | null {
  const text = raw?.trim() ?? "";
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 1870 && year <= 2200 ? year : null;
}

export function parseLetterboxd(text: string): ParsedExport<LetterboxdFilm> | UnreadableExport {
  const { fields, records, broken } = readCsv(text);
  const has = new Set(fields);
  if (!has.has("Name") || !has.has("Year") || !has.has("Letterboxd URI")) return { ok: false, error: NOT_LETTERBOXD };
  if (records.length === 0) return { ok: false, error: NO_FILMS };

  const rows: ParsedExport<LetterboxdFilm>["rows"] = [];
  const skipped: SkippedRow[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 1;
    const name = cut(oneLine(record["Name"] ?? ""), 500);
    const problem = broken.get(index);
    if (problem || !name) {
      skipped.push({
        row,
        title: name || "(no title)",
        reason: problem ? `the row could not be read (${problem.toLowerCase()})` : "no title",
      });
      continue;
    }
    const uri = record["Letterboxd URI"]?.trim();
    rows.push({
      row,
      value: {
        name,
        year: parseFilmYear(record["Year"]),
        ...(uri && /^https:\/\/(www\.)?(letterboxd\.com|boxd\.it)\//.test(uri) ? { letterboxdUri: cut(uri, 300) } : {}),
        rating: parseLetterboxdRating(record["Rating"]),
        date: parseDate(record["Watched Date"]) ?? parseDate(record["Date"]),
      },
    });
  }
  return { ok: true, rows, skipped, total: records.length };
}
