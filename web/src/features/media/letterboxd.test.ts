import { describe, expect, it } from "vitest";
import { letterboxdExport } from "../../../../tests/support/media-exports.ts";
import { NOT_LETTERBOXD, NO_FILMS, parseLetterboxd, parseLetterboxdRating } from "./letterboxd.ts";

const RATINGS = "Date,Name,Year,Letterboxd URI,Rating";
const WATCHED = "Date,Name,Year,Letterboxd URI";

function ok(text: string) {
  const result = parseLetterboxd(text);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("parseLetterboxd", () => {
  it("reads ratings.csv", () => {
    const result = ok(
      `${RATINGS}\n2021-05-02,Heat,1995,https://boxd.it/2b0k,4.5\n2021-05-03,"Crouching Tiger, Hidden Dragon",2000,https://boxd.it/1Wlm,5\n`,
    );
    expect(result.total).toBe(2);
    expect(result.rows.map((r) => r.value)).toEqual([
      { name: "Heat", year: 1995, letterboxdUri: "https://boxd.it/2b0k", rating: 4.5, date: "2021-05-02" },
      {
        name: "Crouching Tiger, Hidden Dragon",
        year: 2000,
        letterboxdUri: "https://boxd.it/1Wlm",
        rating: 5,
        date: "2021-05-03",
      },
    ]);
  });

  it("reads watched.csv, where nothing is rated", () => {
    const result = ok(`${WATCHED}\r\n2020-01-01,Alien,1979,https://letterboxd.com/film/alien/\r\n`);
    expect(result.rows[0]!.value).toEqual({
      name: "Alien",
      year: 1979,
      letterboxdUri: "https://letterboxd.com/film/alien/",
      rating: null,
      date: "2020-01-01",
    });
  });

  it("reads diary.csv too, taking the watched date", () => {
    const header = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date";
    const result = ok(`${header}\n2022-02-02,Up,2009,https://boxd.it/x,3,Yes,"pixar, tears",2022-01-30\n`);
    expect(result.rows[0]!.value).toMatchObject({ name: "Up", rating: 3, date: "2022-01-30" });
  });

  it("keeps half stars, takes empty or odd ratings as unrated", () => {
    expect(parseLetterboxdRating("0.5")).toBe(0.5);
    expect(parseLetterboxdRating("3")).toBe(3);
    expect(parseLetterboxdRating("")).toBeNull();
    expect(parseLetterboxdRating("0")).toBeNull();
    expect(parseLetterboxdRating("3.3")).toBeNull();
    expect(parseLetterboxdRating("6")).toBeNull();
  });

  it("sends a film without a year with a null year, and skips one without a name", () => {
    const result = ok(
      `${RATINGS}\n2021-01-01,Untitled Thing,,https://boxd.it/q,2\n2021-01-01,,1999,https://boxd.it/r,2\n`,
    );
    expect(result.rows.map((r) => r.value.year)).toEqual([null]);
    expect(result.skipped).toEqual([{ row: 2, title: "(no title)", reason: "no title" }]);
  });

  it("leaves out an address that is not Letterboxd's", () => {
    const result = ok(`${WATCHED}\n2021-01-01,Heat,1995,javascript:alert(1)\n`);
    expect(result.rows[0]!.value).not.toHaveProperty("letterboxdUri");
  });

  it("refuses a file that is not a Letterboxd export, or holds no films", () => {
    expect(parseLetterboxd("Book Id,Title,Author\n1,Dune,Frank Herbert\n")).toEqual({
      ok: false,
      error: NOT_LETTERBOXD,
    });
    expect(parseLetterboxd(`${RATINGS}\n`)).toEqual({ ok: false, error: NO_FILMS });
  });
});

describe("parseLetterboxd on generated exports", () => {
  for (const kind of ["ratings", "watched"] as const) {
    it(`reads each row of a ${kind}.csv back as it was written`, () => {
      const file = letterboxdExport({ rows: 120, kind, seed: 3 });
      const result = ok(file.csv);
      expect(result.skipped).toEqual([]);
      expect(result.rows.map((r) => r.value)).toEqual(
        file.rows.map((row) => ({
          name: row.name,
          year: Number(row.year),
          letterboxdUri: row.letterboxdUri,
          rating: row.rating ?? null,
          date: row.date,
        })),
      );
    });
  }
});
