import { timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { allOccur, titleScore, tokens } from "../catalogue-text.ts";
import { coverJpeg, IMAGE_CACHE_CONTROL } from "../cover-image.ts";
import { filmCatalogue, type Film, type FilmCatalogue } from "./catalogue.ts";

/** Where the stand-ins are mounted on the runtime's port. */
export const API_PATH = "/_tmdb";
export const IMAGES_PATH = "/_tmdb-images";

/** TMDB's page size for searches, and its last page. */
const PAGE_SIZE = 20;
const MAX_PAGE = 500;

/** TMDB's answer to a missing or wrong key, word for word. */
export const INVALID_KEY = {
  status_code: 7,
  status_message: "Invalid API key: You must be granted a valid key.",
  success: false,
} as const;

const INVALID_PAGE = {
  success: false,
  status_code: 22,
  status_message: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.",
} as const;

/** TMDB's answer to an id (or path) it does not know, word for word. */
const NOT_FOUND = {
  success: false,
  status_code: 34,
  status_message: "The resource you requested could not be found.",
} as const;

function tokenOf(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || c.req.query("api_key") || undefined;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The films answering a search, best first: the title or original title, loosely, within `year` if given. */
export function searchFilms(catalogue: FilmCatalogue, text: string, year?: string): Film[] {
  const words = tokens(text);
  if (words.length === 0) return [];
  const matches = catalogue.films.filter(
    (f) =>
      (!year || f.release_date.startsWith(`${year}-`)) &&
      (allOccur(words, [f.title$]) || allOccur(words, [f.original$])),
  );
  const score = (f: Film) => Math.max(titleScore(words, f.title$), titleScore(words, f.original$));
  return matches
    .map((f) => ({ f, s: score(f) }))
    .sort((x, y) => y.s - x.s || y.f.popularity - x.f.popularity)
    .map(({ f }) => f);
}

/** A film as `/3/search/movie` lists it. */
export function resultOf(f: Film) {
  return {
    adult: false,
    backdrop_path: null,
    genre_ids: f.genre_ids,
    id: f.id,
    original_language: f.original_language,
    original_title: f.original_title,
    overview: f.overview,
    popularity: f.popularity,
    poster_path: f.poster_path,
    release_date: f.release_date,
    title: f.title,
    video: false,
    vote_average: 0,
    vote_count: 0,
  };
}

/**
 * TMDB's API (v3) over the shipped catalogue: `GET /3/search/movie` with `query`, `year` (or
 * `primary_release_year`), `page` and `include_adult`, and `GET /3/movie/{id}` (404 for an id
 * it does not have), authorized by `Authorization: Bearer
 * <token>` or `api_key=<token>` — the run's token only; anything else gets TMDB's 401.
 */
export function tmdbApp(token: string, catalogue: FilmCatalogue = filmCatalogue()) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    const given = tokenOf(c);
    if (!given || !same(given, token)) return c.json(INVALID_KEY, 401);
    return next();
  });
  app.get("/3/search/movie", (c) => {
    const pageText = c.req.query("page") ?? "1";
    const page = Number(pageText);
    if (!/^\d+$/.test(pageText) || page < 1 || page > MAX_PAGE) return c.json(INVALID_PAGE, 400);
    const year = c.req.query("year") || c.req.query("primary_release_year") || undefined;
    const found = searchFilms(catalogue, c.req.query("query") ?? "", year);
    return c.json({
      page,
      results: found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(resultOf),
      total_pages: Math.max(1, Math.ceil(found.length / PAGE_SIZE)),
      total_results: found.length,
    });
  });
  // A film's details by its id, as `/3/movie/{movie_id}` answers them (the fields graph reads).
  app.get("/3/movie/:id{[0-9]+}", (c) => {
    const film = catalogue.byId.get(Number(c.req.param("id")));
    if (!film) return c.json(NOT_FOUND, 404);
    return c.json({
      id: film.id,
      title: film.title,
      original_title: film.original_title,
      original_language: film.original_language,
      overview: film.overview,
      popularity: film.popularity,
      poster_path: film.poster_path,
      release_date: film.release_date,
      genres: [],
      status: "Released",
    });
  });
  app.notFound((c) => c.json(NOT_FOUND, 404));
  return app;
}

/** TMDB's poster sizes; `original` is served at the largest. */
const WIDTHS: Record<string, number> = {
  w92: 92,
  w154: 154,
  w185: 185,
  w342: 342,
  w500: 500,
  w780: 780,
  original: 1000,
};

/** TMDB's image service: `/t/p/<size>/<file>.jpg`, a generated poster per film. */
export function tmdbImagesApp(catalogue: FilmCatalogue = filmCatalogue()) {
  return new Hono().get("/t/p/:size/:file", async (c) => {
    const width = WIDTHS[c.req.param("size")];
    const film = catalogue.byPoster.get(c.req.param("file"));
    if (!width || !film) return c.text("Not Found", 404);
    const jpeg = await coverJpeg(
      { title: film.title, byline: film.release_date.slice(0, 4), seed: `film:${film.id}` },
      width,
    );
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg", "Cache-Control": IMAGE_CACHE_CONTROL });
  });
}
