import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import {
  GOODREADS_COLUMNS,
  GOODREADS_LEGACY_COLUMNS,
  goodreadsExport,
  letterboxdExport,
} from "../support/media-exports.ts";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/**
 * The runtime links graph to its book and film catalogues as production is linked to Open
 * Library and TMDB: these calls go over the network to the linked addresses, as the catalogue
 * clients' do, and the images load where a browser would load them.
 */
const catalogues = () => Resource.MediaCatalogues;
const token = () => Resource.TmdbToken.value;

interface Docs {
  numFound: number;
  docs: { key: string; title: string; author_name?: string[]; cover_i?: number; isbn?: string[] }[];
}
interface Films {
  results: { id: number; title: string; release_date: string; poster_path: string | null }[];
  total_results: number;
}

async function searchBooks(params: Record<string, string>): Promise<Docs> {
  const url = `${catalogues().openLibraryUrl}/search.json?${new URLSearchParams({ limit: "10", ...params })}`;
  const res = await fetch(url, { headers: { "user-agent": "graph (team@graph.test)" } });
  expect(res.status).toBe(200);
  return (await res.json()) as Docs;
}

async function searchFilms(params: Record<string, string>, bearer = token()): Promise<Response> {
  const url = `${catalogues().tmdbApiUrl}/3/search/movie?${new URLSearchParams({ page: "1", include_adult: "false", ...params })}`;
  return fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
}

/** A small RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe("the runtime's book and film catalogue links", () => {
  it("point at the stand-ins on the runtime's own port, with a TMDB token made for the run", () => {
    expect(catalogues()).toMatchObject({
      openLibraryUrl: `${api.runtime.url}/_openlibrary`,
      openLibraryCoversUrl: `${api.runtime.url}/_openlibrary-covers`,
      tmdbApiUrl: `${api.runtime.url}/_tmdb`,
      tmdbImageUrl: `${api.runtime.url}/_tmdb-images/t/p`,
    });
    expect(token()).toMatch(/^eyJ/);
  });

  it("find a book at the linked Open Library, and its cover at the linked cover service", async () => {
    const found = await searchBooks({
      q: "educated westover",
      fields: "key,title,author_name,isbn,first_publish_year,cover_i,subject",
    });
    const book = found.docs[0]!;
    expect(book).toMatchObject({ title: "Educated", author_name: ["Tara Westover"] });
    const cover = await fetch(`${catalogues().openLibraryCoversUrl}/b/id/${book.cover_i}-M.jpg`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
    expect(cover.headers.get("cache-control")).toMatch(/max-age=31536000/);
    const byIsbn = await fetch(`${catalogues().openLibraryCoversUrl}/b/isbn/9780399590504-M.jpg?default=false`);
    expect(byIsbn.status).toBe(200);
    expect((await fetch(`${catalogues().openLibraryCoversUrl}/b/isbn/9780000000002-M.jpg?default=false`)).status).toBe(
      404,
    );
  });

  it("find a film at the linked TMDB with the linked token only, and its poster at the linked image service", async () => {
    const res = await searchFilms({ query: "spirited away", year: "2001" });
    expect(res.status).toBe(200);
    const film = ((await res.json()) as Films).results[0]!;
    expect(film).toMatchObject({ id: 129, title: "Spirited Away", release_date: "2001-07-20" });
    const poster = await fetch(`${catalogues().tmdbImageUrl}/w185${film.poster_path}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");

    const refused = await searchFilms({ query: "spirited away" }, "eyJnot.the.token");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      status_code: 7,
      status_message: "Invalid API key: You must be granted a valid key.",
      success: false,
    });
  });

  it("serve covers on the runtime's port, while pages load pictures from graph's own origin only", async () => {
    const from = {
      incoming: {
        socket: { remoteAddress: "192.0.2.7", remotePort: 40000, remoteFamily: "IPv4", localAddress: "0.0.0.0" },
      },
      outgoing: {},
    };
    const book = (await searchBooks({ q: "dune" })).docs[0]!;
    const cover = await api.runtime.root.request(`/_openlibrary-covers/b/id/${book.cover_i}-L.jpg`, {}, from);
    expect(cover.status).toBe(200);
    // Browsers never load the stand-ins' covers: graph's picture proxy does (/api/pictures), so the
    // CSP names no other origin, even where the site (http://graph.test) is not the port's.
    const page = await api.runtime.root.request("/", {}, from);
    const imgSrc = page.headers
      .get("content-security-policy")!
      .split(";")
      .find((d) => d.trim().startsWith("img-src"));
    expect(imgSrc?.trim()).toBe("img-src 'self' data:");
  });
});

describe("the Goodreads and Letterboxd export fixtures", () => {
  it("write Goodreads' columns, its ISBN formulas, dates and every quirk, and read back as written", () => {
    const { csv, rows } = goodreadsExport({ rows: 60, toRead: 15 });
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual([...GOODREADS_COLUMNS]);
    expect(lines).toHaveLength(60);
    const at = (name: string) => header!.indexOf(name);
    lines.forEach((line, i) => {
      const row = rows[i]!;
      expect(line).toHaveLength(GOODREADS_COLUMNS.length);
      expect(line[at("Title")]).toBe(row.title);
      expect(line[at("ISBN")]).toBe(`="${row.isbn}"`);
      expect(line[at("ISBN13")]).toBe(`="${row.isbn13}"`);
      expect(line[at("Exclusive Shelf")]).toBe(row.exclusiveShelf);
      expect(line[at("My Review")]).toBe(row.review);
      expect(line[at("Date Added")]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(line[at("Date Read")]).toMatch(/^(\d{4}\/\d{2}\/\d{2})?$/);
      expect(Number(line[at("My Rating")])).toBeGreaterThanOrEqual(0);
    });
    expect(rows.filter((r) => r.exclusiveShelf === "to-read")).toHaveLength(15);
    expect(rows.some((r) => r.exclusiveShelf === "read" && r.myRating === 0)).toBe(true);
    expect(rows.some((r) => r.isbn === "" && r.isbn13 === "")).toBe(true);
    expect(
      rows.some(
        (r) =>
          r.review.includes("\n") && r.review.includes('"') && r.review.includes(",") && r.review.includes("<br/>"),
      ),
    ).toBe(true);
    expect(rows.some((r) => !r.catalogueKey)).toBe(true);
    expect(csv).toContain('"=""""",');
    // The same options give the same file.
    expect(goodreadsExport({ rows: 60, toRead: 15 }).csv).toBe(csv);
    expect(goodreadsExport({ rows: 60, toRead: 15, seed: 2 }).csv).not.toBe(csv);
  });

  it("write the older, longer Goodreads columns on request", () => {
    const { csv } = goodreadsExport({ rows: 5, columns: "legacy", quirks: false });
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual([...GOODREADS_LEGACY_COLUMNS]);
    expect(header).toEqual(
      expect.arrayContaining(["Recommended For", "Recommended By", "Original Purchase Date", "Condition", "BCID"]),
    );
    for (const line of lines) expect(line).toHaveLength(GOODREADS_LEGACY_COLUMNS.length);
  });

  it("draw Goodreads rows from the catalogue the Open Library stand-in serves, by ISBN", async () => {
    const { rows } = goodreadsExport({ rows: 40, quirks: false });
    for (const row of rows.slice(0, 40)) {
      expect(row.catalogueKey).toBeDefined();
      const found = row.isbn13
        ? await searchBooks({ q: `isbn:${row.isbn13}`, fields: "key" })
        : await searchBooks({ title: row.title, author: row.author, fields: "key" });
      expect(
        found.docs.map((d) => d.key),
        row.title,
      ).toContain(`/works/${row.catalogueKey}`);
    }
  });

  it("write a 5,000-row Goodreads export of 5,000 different books", () => {
    const { rows } = goodreadsExport({ rows: 5000, toRead: 500 });
    expect(new Set(rows.map((r) => r.bookId)).size).toBe(5000);
    expect(new Set(rows.map((r) => r.title)).size).toBe(5000);
  });

  it("write Letterboxd's ratings.csv and watched.csv, drawn from the films the TMDB stand-in finds", async () => {
    const ratings = letterboxdExport({ rows: 30, kind: "ratings" });
    const [header, ...lines] = parseCsv(ratings.csv);
    expect(header).toEqual(["Date", "Name", "Year", "Letterboxd URI", "Rating"]);
    expect(lines).toHaveLength(30);
    for (const line of lines) {
      expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(line[3]).toMatch(/^https:\/\/boxd\.it\/\w+$/);
      expect(Number(line[4]) * 2).toSatisfy((n: number) => Number.isInteger(n) && n >= 1 && n <= 10);
    }
    expect(parseCsv(letterboxdExport({ rows: 3, kind: "watched" }).csv)[0]).toEqual([
      "Date",
      "Name",
      "Year",
      "Letterboxd URI",
    ]);
    const missing = ratings.rows.filter((r) => r.tmdbId === undefined);
    expect(missing).toHaveLength(3);
    // The same films, named alike, in watched.csv.
    const film = (r: { name: string; year: string }) => `${r.name} (${r.year})`;
    expect(letterboxdExport({ rows: 30, kind: "watched" }).rows.map(film)).toEqual(ratings.rows.map(film));
    for (const row of ratings.rows) {
      const res = await searchFilms({ query: row.name, year: row.year });
      const ids = ((await res.json()) as Films).results.map((f) => f.id);
      if (row.tmdbId === undefined) expect(ids, row.name).toEqual([]);
      else expect(ids, row.name).toContain(row.tmdbId);
    }
  });
});
