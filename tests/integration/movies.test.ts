import { afterEach, describe, expect, it, vi } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Holders from "@graph/core/modules/holders";
import * as Media from "@graph/core/modules/media";
import * as Pictures from "@graph/core/modules/pictures";
import {
  LETTERBOXD_MOVIE_ID,
  MEDIA_MESSAGES,
  MOVIES_MAX,
  NOTES_MAX,
  SEARCH_RESULTS_MAX,
} from "@graph/core/modules/media/rules";
import { MovieEntity } from "../../packages/core/src/modules/media/movie.entity.ts";
import { ShelfCountsEntity } from "../../packages/core/src/modules/media/shelf-counts.entity.ts";
import { filmCatalogue } from "../../packages/local/src/tmdb/catalogue.ts";
import { errorOf, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * Films on a person's list, through the API against the TMDB stand-in (which requires the
 * per-run token graph is linked with, as TMDB requires a key): search, add, rate, edit, delete,
 * who may write, the public read, Letterboxd imports, the cap under parallel requests, deletion.
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});
const catalogues = () =>
  JSON.parse(process.env.SST_RESOURCE_MediaCatalogues!) as { tmdbApiUrl: string; tmdbImageUrl: string };
const token = () => (JSON.parse(process.env.SST_RESOURCE_TmdbToken!) as { value: string }).value;

afterEach(() => {
  vi.restoreAllMocks();
});

const search = (query: string) => as().movies["search-movies"].$get({ query: { query } });
type NewMovie = Parameters<ReturnType<typeof as>["movies"]["add-movie"]["$post"]>[0]["json"];
/** The stand-in's films, least watched first: an add must name a film the catalogue has. */
const FILMS = [...filmCatalogue().films].reverse();
/** The `n`th film of the catalogue (from its least watched end, away from the films searched for here). */
const aFilm = (n: number, extra: Partial<NewMovie> = {}): NewMovie => {
  const film = FILMS[n % FILMS.length]!;
  return {
    tmdb_id: film.id,
    title: film.title,
    release_date: film.release_date,
    poster_path: film.poster_path,
    rating: null,
    notes: "",
    ...extra,
  };
};
const add = (cookie: string, film: NewMovie) => as(cookie).movies["add-movie"].$post({ json: film });
const publicMovies = (userId: string, cookie?: string) =>
  as(cookie).movies.from_db_by_user_id[":id"].$get({ param: { id: userId } });
const list = async (cookie: string, query: { cursor?: string; limit?: string } = {}) =>
  (await as(cookie).movies.shelf.$get({ query })).json();
const importRows = (cookie: string, parsedMovies: unknown[]) =>
  as(cookie).movies.add_from_csv.$post({ json: { parsedMovies } });

describe("search", () => {
  it("finds films in TMDB's shapes with poster addresses at the image service, at most 10", async () => {
    const answer = await search("The Matrix");
    expect(answer.status).toBe(200);
    const { results } = await answer.json();
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(SEARCH_RESULTS_MAX);
    const matrix = results.find((r) => r.tmdb_id === 603)!;
    expect(matrix).toMatchObject({ title: "The Matrix", release_date: "1999-03-31" });
    expect(matrix.poster_url).toBe(`${catalogues().tmdbImageUrl}/w185${matrix.poster_path}`);
    expect((await fetch(matrix.poster_url!)).status).toBe(200);
    // The page shows the poster from graph's own origin: TMDB's address, signed for the proxy.
    expect(matrix.picture_url).toBe(Pictures.pictureAddress(matrix.poster_url));
    expect(matrix.picture_url).toMatch(/^\/api\/pictures\?u=/);
  });

  it("finds a film by its original title, and answers nothing for a blank query", async () => {
    const { results } = await (await search("千と千尋の神隠し")).json();
    expect(results.map((r) => r.tmdb_id)).toContain(129);
    expect(await (await search("  ")).json()).toEqual({ results: [] });
  });

  it("caps the answer at 10 when TMDB answers a full page", async () => {
    const page = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      title: `Film ${i}`,
      original_title: `Film ${i}`,
      release_date: "2000-01-01",
      poster_path: null,
      overview: "",
      genre_ids: [],
      popularity: 1,
      adult: false,
    }));
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ page: 1, results: page, total_pages: 1, total_results: 20 }),
    );
    expect((await (await search("film")).json()).results).toHaveLength(SEARCH_RESULTS_MAX);
  });

  it("sends the linked token as TMDB takes it, and the stand-in refuses any other with TMDB's 401", async () => {
    const url = `${catalogues().tmdbApiUrl}/3/search/movie?query=matrix`;
    expect((await fetch(url, { headers: { authorization: `Bearer ${token()}` } })).status).toBe(200);
    const wrong = await fetch(`${url}&api_key=wrong`);
    expect(wrong.status).toBe(401);
  });

  it("answers 503 with a clear message when TMDB refuses the key or is down, never 500", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ status_code: 7, status_message: "Invalid API key", success: false }, { status: 401 }),
    );
    const refused = await search("matrix");
    expect(refused.status).toBe(503);
    expect((await errorOf(refused)).error).toBe(MEDIA_MESSAGES.movieCatalogueRefused);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const down = await search("matrix");
    expect(down.status).toBe(503);
    expect((await errorOf(down)).error).toBe(MEDIA_MESSAGES.movieCatalogueDown);
  });
});

describe("adding, rating, editing and deleting", () => {
  it("adds a film found in the catalogue, rated, and shows it on the list and the public page", async () => {
    const person = await signedIn(api);
    const { results } = await (await search("Parasite")).json();
    const found = results[0]!;
    const added = await add(person.cookie, {
      tmdb_id: found.tmdb_id,
      title: found.title,
      release_date: found.release_date,
      poster_path: found.poster_path,
      rating: 4.5,
      notes: "Twice.",
    });
    expect(added.status).toBe(201);
    const movie = await added.json();
    expect(movie).toMatchObject({ id: "496243", tmdb_id: 496243, title: "Parasite", rating: 4.5, notes: "Twice." });
    expect(movie.poster_url).toBe(`${catalogues().tmdbImageUrl}/w185${found.poster_path}`);
    expect(await (await publicMovies(person.userId)).json()).toEqual([movie]);
    expect((await list(person.cookie)).count).toBe(1);
  });

  it("refuses bad ratings and bad films with a clear 400 and stores nothing", async () => {
    const person = await signedIn(api);
    for (const rating of [0, 5.5, 1.25]) {
      const refused = await add(person.cookie, aFilm(1, { rating }));
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).error).toBe(MEDIA_MESSAGES.rating);
    }
    const cases: Array<Record<string, unknown>> = [
      { tmdb_id: 0 },
      { tmdb_id: -3 },
      { tmdb_id: 1.5 },
      { tmdb_id: "603" },
      { title: "" },
      { notes: "n".repeat(NOTES_MAX + 1) },
      { poster_path: "https://evil.example/x.jpg" },
      { release_date: "yesterday" },
    ];
    for (const change of cases) {
      const answer = await api.request("POST", "/api/movies/add-movie", {
        cookie: person.cookie,
        body: { ...aFilm(2), ...change },
      });
      expect(answer.status, JSON.stringify(change).slice(0, 50)).toBe(400);
    }
    expect(await list(person.cookie)).toEqual({ movies: [], cursor: null, count: 0 });
  });

  it("keeps one film when it is added twice (also at once), with the last rating and notes", async () => {
    const person = await signedIn(api);
    expect((await add(person.cookie, aFilm(3, { rating: 2 }))).status).toBe(201);
    const again = await add(person.cookie, aFilm(3, { rating: 3.5, notes: "again" }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ rating: 3.5, notes: "again" });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => add(person.cookie, aFilm(4))));
    expect(parallel.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await list(person.cookie)).count).toBe(2);
    expect((await Holders.holderCounts("movie", [String(aFilm(4).tmdb_id)])).get(String(aFilm(4).tmdb_id))).toBe(1);
  });

  it("edits and deletes a film on the list, 404 for one that is not", async () => {
    const person = await signedIn(api);
    await add(person.cookie, aFilm(5, { rating: 3 }));
    const id = String(aFilm(5).tmdb_id);
    const patch = (movieId: string, json: { rating?: number | null; notes?: string }) =>
      as(person.cookie).movies[":movieId"].$patch({ param: { movieId }, json });
    expect(await (await patch(id, { rating: 5, notes: "grew on me" })).json()).toMatchObject({
      rating: 5,
      notes: "grew on me",
    });
    expect((await patch(id, { rating: 1.25 })).status).toBe(400);
    expect((await patch("7999999", { rating: 2 })).status).toBe(404);
    expect((await patch("not-a-film", { rating: 2 })).status).toBe(404);
    expect((await as(person.cookie).movies.$delete({ json: { movieId: id } })).status).toBe(200);
    const again = await as(person.cookie).movies.$delete({ json: { movieId: id } });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).error).toBe(MEDIA_MESSAGES.noSuchMovie);
    expect(await list(person.cookie)).toEqual({ movies: [], cursor: null, count: 0 });
  });

  it("pages the owner's list newest first", async () => {
    const person = await signedIn(api);
    for (const n of [11, 12, 13]) await add(person.cookie, aFilm(n));
    const first = await list(person.cookie, { limit: "2" });
    expect(first.movies.map((m) => m.title)).toEqual([aFilm(13).title, aFilm(12).title]);
    const second = await list(person.cookie, { limit: "2", cursor: first.cursor! });
    expect(second.movies.map((m) => m.title)).toEqual([aFilm(11).title]);
    expect(second.count).toBe(3);
  });
});

describe("who may read and write", () => {
  it("needs a session to write, and never touches another person's film", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    expect((await as().movies["add-movie"].$post({ json: aFilm(20) })).status).toBe(401);
    expect((await as().movies.add_from_csv.$post({ json: { parsedMovies: [{ name: "Heat" }] } })).status).toBe(401);
    await add(owner.cookie, aFilm(21, { rating: 4 }));
    const id = String(aFilm(21).tmdb_id);
    expect(
      (await as(other.cookie).movies[":movieId"].$patch({ param: { movieId: id }, json: { rating: 1 } })).status,
    ).toBe(404);
    expect((await as(other.cookie).movies.$delete({ json: { movieId: id } })).status).toBe(404);
    expect((await list(owner.cookie)).movies).toEqual([expect.objectContaining({ rating: 4 })]);
  });

  it("answers the public read per the owner's section visibility", async () => {
    const owner = await signedIn(api);
    await add(owner.cookie, aFilm(22));
    const order = (await (await as().users.profile_order[":id"].$get({ param: { id: owner.userId } })).json())
      .sectionOrder;
    await as(owner.cookie).users.profile_order.$post({
      json: {
        userId: owner.userId,
        sectionOrder: order.map((s) => (s.id === "movies" ? { ...s, visible: false } : s)),
      },
    });
    expect(await (await publicMovies(owner.userId)).json()).toEqual([]);
    expect(await (await publicMovies(owner.userId, owner.cookie)).json()).toHaveLength(1);
  });
});

describe("Letterboxd import", () => {
  const rows = () => [
    { date: "2024-01-05", name: "The Matrix", year: "1999", letterboxdUri: "https://boxd.it/2a1k", rating: "4.5" },
    { date: "2024-01-06", name: "Parasite", year: "2019", letterboxdUri: "https://boxd.it/hTha", rating: "0.5" },
    { date: "2024-01-07", name: "Spirited Away", year: "2001", rating: "" },
    { date: "2024-01-08", name: "A Film Nobody Made Zqx", year: "1990", rating: "3" },
    { date: "2024-01-09", name: "The Matrix", year: "1999", rating: "2" },
    { date: "2024-01-10", name: "", year: "1999" },
    { date: "2024-01-11", name: "Parasite", year: "2019", rating: "7" },
  ];

  it("matches rows to TMDB by title and year, half a star becoming one, and answers per row", async () => {
    const person = await signedIn(api);
    const answer = await importRows(person.cookie, rows());
    expect(answer.status).toBe(200);
    const { results, count } = await answer.json();
    expect(results.map((r) => r.status)).toEqual([
      "imported",
      "imported",
      "imported",
      "imported",
      "skipped",
      "failed",
      "failed",
    ]);
    expect(results[0]).toMatchObject({ movieId: "603" });
    expect(results[0]!.reason).toBeUndefined();
    expect(results[4]!.reason).toBe(MEDIA_MESSAGES.duplicateFilmRow(0));
    expect(results[5]!.reason).toBe("name is required");
    expect(results[6]!.reason).toBe(MEDIA_MESSAGES.rating);
    expect(count).toBe(4);
    const movies = (await list(person.cookie)).movies;
    expect(movies.map((m) => [m.tmdb_id, m.rating])).toEqual([
      [null, 3],
      [129, null],
      [496243, 1],
      [603, 4.5],
    ]);
  });

  it("keeps a film the catalogue does not find, with the row's name and year, as an unknown book is kept", async () => {
    const person = await signedIn(api);
    const { results } = await (await importRows(person.cookie, rows())).json();
    expect(results[3]).toMatchObject({
      status: "imported",
      title: "A Film Nobody Made Zqx",
      reason: MEDIA_MESSAGES.notInFilmCatalogue,
    });
    const movieId = results[3]!.movieId!;
    expect(movieId).toMatch(LETTERBOXD_MOVIE_ID);
    const kept = (await list(person.cookie)).movies.find((m) => m.id === movieId);
    expect(kept).toMatchObject({
      tmdb_id: null,
      title: "A Film Nobody Made Zqx",
      release_date: "1990",
      poster_url: null,
      rating: 3,
    });
    // Shown on the public page, re-rated, and deleted like any other film.
    expect((await (await publicMovies(person.userId)).json()).map((m) => m.id)).toContain(movieId);
    const edited = await as(person.cookie).movies[":movieId"].$patch({ param: { movieId }, json: { rating: 5 } });
    expect(edited.status).toBe(200);
    expect((await as(person.cookie).movies.$delete({ json: { movieId } })).status).toBe(200);
    expect((await list(person.cookie)).movies.map((m) => m.id)).not.toContain(movieId);
  });

  it("updates the kept film when a later import finds it in the catalogue, rather than adding its twin", async () => {
    const person = await signedIn(api);
    const original = globalThis.fetch;
    // The catalogue finds nothing at first (down to a gap in it), then finds the film.
    const search = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation((input, init) =>
        String(input instanceof Request ? input.url : input).includes("/3/search/movie")
          ? Promise.resolve(Response.json({ page: 1, results: [], total_pages: 0, total_results: 0 }))
          : original(input, init),
      );
    const row = { date: "2024-02-01", name: "The Matrix", year: "1999", rating: "2" };
    const first = (await (await importRows(person.cookie, [row])).json()).results[0]!;
    expect(first).toMatchObject({ status: "imported", reason: MEDIA_MESSAGES.notInFilmCatalogue });
    search.mockRestore();

    const again = await (await importRows(person.cookie, [{ ...row, rating: "4" }])).json();
    expect(again.results[0]).toMatchObject({ status: "updated", movieId: first.movieId });
    expect(again.count).toBe(1);
    expect((await list(person.cookie)).movies.map((m) => [m.id, m.rating])).toEqual([[first.movieId, 4]]);
  });

  it("adds nothing on a re-import and updates the ratings", async () => {
    const person = await signedIn(api);
    await importRows(person.cookie, rows());
    const changed = rows().map((r, i) => (i === 0 ? { ...r, rating: "3" } : r));
    const { results, count } = await (await importRows(person.cookie, changed)).json();
    expect(results.filter((r) => r.status === "imported")).toEqual([]);
    expect(results.filter((r) => r.status === "updated")).toHaveLength(4);
    expect(count).toBe(4);
    expect((await list(person.cookie)).movies.find((m) => m.tmdb_id === 603)!.rating).toBe(3);
  });

  it("refuses batches that are empty, too large or not a list with 400", async () => {
    const person = await signedIn(api);
    for (const body of [{ parsedMovies: [] }, { parsedMovies: Array.from({ length: 101 }, () => rows()[0]) }, {}]) {
      expect((await api.request("POST", "/api/movies/add_from_csv", { cookie: person.cookie, body })).status).toBe(400);
    }
  });
});

describe("the list's cap under parallel requests", () => {
  it("keeps exactly 5,000 films when 30 adds arrive at once near the cap", async () => {
    const person = await signedIn(api);
    await ShelfCountsEntity.put({ userId: person.userId, movies: MOVIES_MAX - 4 }).go();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => add(person.cookie, aFilm(100 + i))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    const refused = answers.filter((a) => (a.status as number) === 400);
    expect(refused).toHaveLength(26);
    expect(await errorOf(refused[0]!)).toEqual({ error: MEDIA_MESSAGES.moviesFull, code: "limit_reached" });
    expect((await list(person.cookie)).count).toBe(MOVIES_MAX);
    expect((await MovieEntity.query.byUser({ userId: person.userId }).go({ pages: "all" })).data).toHaveLength(4);
  });

  it("keeps exactly 5,000 films when 30 imports arrive at once near the cap", async () => {
    const person = await signedIn(api);
    await ShelfCountsEntity.put({ userId: person.userId, movies: MOVIES_MAX - 2 }).go();
    const batch = [
      { name: "The Matrix", year: "1999" },
      { name: "Parasite", year: "2019" },
      { name: "Spirited Away", year: "2001" },
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => importRows(person.cookie, batch).then((r) => r.json())),
    );
    const results = answers.flatMap((a) => a.results);
    expect(results.filter((r) => r.status === "imported")).toHaveLength(2);
    expect((await list(person.cookie)).count).toBe(MOVIES_MAX);
    expect((await MovieEntity.query.byUser({ userId: person.userId }).go({ pages: "all" })).data).toHaveLength(2);
    for (const r of results.filter((r) => r.status === "failed")) expect(r.reason).toBe(MEDIA_MESSAGES.moviesFull);
  });
});

describe("account deletion", () => {
  it("removes the person's films, counts and share of the holders", async () => {
    const stays = await signedIn(api);
    const leaves = await signedIn(api);
    await add(stays.cookie, aFilm(300));
    await add(leaves.cookie, aFilm(300));
    await add(leaves.cookie, aFilm(301));
    const ids = [String(aFilm(300).tmdb_id), String(aFilm(301).tmdb_id)];
    expect((await Holders.holderCounts("movie", ids)).get(ids[0]!)).toBe(2);
    const deleted = await api
      .client({ cookie: leaves.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: leaves.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(leaves.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();
    expect(await Media.shelfIds(leaves.userId, "movie")).toEqual([]);
    expect(await Media.listMovies(leaves.userId)).toEqual([]);
    const holders = await Holders.holderCounts("movie", ids);
    expect(holders.get(ids[0]!)).toBe(1);
    expect(holders.has(ids[1]!)).toBe(false);
    expect((await list(stays.cookie)).count).toBe(1);
  });
});
