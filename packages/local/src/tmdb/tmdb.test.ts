import { describe, expect, it } from "vitest";
import { filmCatalogue, posterPathOf } from "./catalogue.ts";
import { INVALID_KEY, tmdbApp, tmdbImagesApp } from "./index.ts";
import { makeTmdbToken } from "./token.ts";

const TOKEN = makeTmdbToken();
const api = tmdbApp(TOKEN);
const images = tmdbImagesApp();

interface Result {
  id: number;
  title: string;
  original_title: string;
  release_date: string;
  poster_path: string | null;
  overview: string;
  genre_ids: number[];
  popularity: number;
  adult: boolean;
}
interface Page {
  page: number;
  results: Result[];
  total_pages: number;
  total_results: number;
}

async function find(params: Record<string, string>, auth: "bearer" | "api_key" = "bearer"): Promise<Page> {
  const query = new URLSearchParams({
    include_adult: "false",
    page: "1",
    ...params,
    ...(auth === "api_key" ? { api_key: TOKEN } : {}),
  });
  const res = await api.request(`/3/search/movie?${query}`, {
    headers: auth === "bearer" ? { authorization: `Bearer ${TOKEN}` } : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
const titles = (page: Page) => page.results.map((r) => r.title);

describe("the TMDB stand-in's /3/search/movie", () => {
  it("answers in TMDB's shape", async () => {
    const page = await find({ query: "the matrix" });
    expect(page).toMatchObject({ page: 1, total_pages: 1, total_results: expect.any(Number) });
    expect(page.results[0]).toEqual({
      adult: false,
      backdrop_path: null,
      genre_ids: [28, 878],
      id: 603,
      original_language: "en",
      original_title: "The Matrix",
      overview: expect.stringMatching(/\.$/),
      popularity: expect.any(Number),
      poster_path: expect.stringMatching(/^\/[0-9A-Za-z]{27}\.jpg$/),
      release_date: "1999-03-31",
      title: "The Matrix",
      video: false,
      vote_average: expect.any(Number),
      vote_count: expect.any(Number),
    });
  });

  it("takes the token as a Bearer token or as api_key", async () => {
    expect(titles(await find({ query: "parasite" }, "bearer"))[0]).toBe("Parasite");
    expect(titles(await find({ query: "parasite" }, "api_key"))[0]).toBe("Parasite");
  });

  it("answers a missing or wrong token with TMDB's 401 body", async () => {
    const attempts: [string, Record<string, string>][] = [
      ["/3/search/movie?query=matrix", {}],
      ["/3/search/movie?query=matrix", { authorization: `Bearer ${makeTmdbToken()}` }],
      ["/3/search/movie?query=matrix", { authorization: `Bearer ${TOKEN}x` }],
      ["/3/search/movie?query=matrix", { authorization: TOKEN }],
      [`/3/search/movie?query=matrix&api_key=${TOKEN.slice(0, -1)}`, {}],
      ["/3/search/movie?query=matrix&api_key=", {}],
    ];
    for (const [path, headers] of attempts) {
      const res = await api.request(path, { headers });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({
        status_code: 7,
        status_message: "Invalid API key: You must be granted a valid key.",
        success: false,
      });
    }
    expect(INVALID_KEY.status_code).toBe(7);
  });

  it("matches loosely: accents, case, punctuation, word order and original titles", async () => {
    expect(titles(await find({ query: "amelie" }))[0]).toBe("Amélie");
    expect(titles(await find({ query: "AMÉLIE" }))[0]).toBe("Amélie");
    expect(titles(await find({ query: "le fabuleux destin d'amelie poulain" }))[0]).toBe("Amélie");
    expect(titles(await find({ query: "away spirited" }))[0]).toBe("Spirited Away");
    expect(titles(await find({ query: "千と千尋" }))[0]).toBe("Spirited Away");
    expect(titles(await find({ query: "기생충" }))[0]).toBe("Parasite");
    expect(titles(await find({ query: "wall-e" }))[0]).toBe("WALL·E");
    expect(titles(await find({ query: "spider man into the spider verse" }))[0]).toBe(
      "Spider-Man: Into the Spider-Verse",
    );
  });

  it("ranks exact titles first, the more popular first among equals, and narrows by year", async () => {
    const dune = await find({ query: "dune" });
    expect(titles(dune).slice(0, 3).sort()).toEqual(["Dune", "Dune", "Dune: Part Two"]);
    expect(dune.results.every((r) => /dune/i.test(r.title))).toBe(true);
    const of1984 = await find({ query: "dune", year: "1984" });
    expect(of1984.results.map((r) => r.id)).toEqual([841]);
    expect((await find({ query: "dune", primary_release_year: "2021" })).results.map((r) => r.id)).toEqual([438631]);
    expect((await find({ query: "the matrix", year: "2005" })).results).toEqual([]);
  });

  it("pages 20 results at a time and refuses pages outside 1..500", async () => {
    const first = await find({ query: "the" });
    expect(first.results).toHaveLength(20);
    expect(first.total_results).toBeGreaterThan(20);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 20));
    const second = await find({ query: "the", page: "2" });
    expect(second.page).toBe(2);
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0]!.id);
    for (const page of ["0", "501", "x"]) {
      const res = await api.request(`/3/search/movie?query=the&page=${page}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, status_code: 22 });
    }
  });

  it("answers an empty or unmatched query with no results", async () => {
    expect(await find({ query: "" })).toEqual({ page: 1, results: [], total_pages: 1, total_results: 0 });
    expect((await find({ query: "qqxzv zzqxv" })).results).toEqual([]);
  });

  it("gives a film without a poster a null poster_path, as TMDB does", async () => {
    const ariel = (await find({ query: "ariel", year: "1988" })).results[0]!;
    expect(ariel).toMatchObject({ id: 2, poster_path: null });
  });
});

describe("the TMDB stand-in's /3/movie/{id}", () => {
  const details = (id: string, token = TOKEN) =>
    api.request(`/3/movie/${id}`, { headers: { authorization: `Bearer ${token}` } });

  it("answers a film of the catalogue by its id, as search lists it", async () => {
    const res = await details("603");
    expect(res.status).toBe(200);
    const film = (await res.json()) as Result;
    const listed = (await find({ query: "The Matrix", year: "1999" })).results.find((r) => r.id === 603)!;
    expect(film).toMatchObject({
      id: 603,
      title: listed.title,
      original_title: listed.original_title,
      release_date: listed.release_date,
      poster_path: listed.poster_path,
    });
  });

  it("answers TMDB's 404 for an id it does not have, and 401 without the token", async () => {
    const missing = await details("999999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status_code: 34 });
    expect((await details("603", "wrong")).status).toBe(401);
  });
});

describe("the TMDB stand-in's images", () => {
  it("serves a JPEG poster for every size, cached for a long time", async () => {
    for (const size of ["w92", "w185", "w342", "w500", "original"]) {
      const res = await images.request(`/t/p/${size}${posterPathOf(603)}`);
      expect(res.status, size).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
      expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it("answers 404 for an unknown file or size", async () => {
    expect((await images.request("/t/p/w185/doesNotExist.jpg")).status).toBe(404);
    expect((await images.request(`/t/p/w9999${posterPathOf(603)}`)).status).toBe(404);
  });
});

describe("the shipped film catalogue", () => {
  const { films } = filmCatalogue();

  it("holds a few hundred films with unique ids, dates, one-sentence overviews and genres", () => {
    expect(films.length).toBeGreaterThanOrEqual(250);
    expect(new Set(films.map((f) => f.id)).size).toBe(films.length);
    for (const f of films) {
      expect(f.release_date, f.title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(f.release_date))).toBe(false);
      expect(f.overview, f.title).toMatch(/^[^\n]+[.!?]$/);
      expect(f.genre_ids.length).toBeGreaterThan(0);
      expect(f.original_language).toMatch(/^[a-z]{2}$/);
    }
    // Titles in other languages and scripts, for matching on original titles.
    expect(films.filter((f) => f.original_title !== f.title).length).toBeGreaterThan(50);
    expect(films.some((f) => /\p{Script=Han}|\p{Script=Hangul}|\p{Script=Cyrillic}/u.test(f.original_title))).toBe(
      true,
    );
  });

  it("holds the films the browser tests use", () => {
    const byId = new Map(films.map((f) => [f.id, f]));
    expect(byId.get(603)).toMatchObject({ title: "The Matrix", release_date: "1999-03-31" });
    expect(byId.get(496243)).toMatchObject({ title: "Parasite", original_title: "기생충" });
    expect(byId.get(129)).toMatchObject({ title: "Spirited Away", original_title: "千と千尋の神隠し" });
    expect(byId.get(194)).toMatchObject({ title: "Amélie" });
    for (const id of [603, 496243, 129, 194])
      expect(byId.get(id)!.release_date.slice(0, 4)).toMatch(/^(1999|2019|2001)$/);
  });
});
