import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mediaSettings, REAL_CATALOGUES } from "./media-catalogues.ts";

const RUNTIME = "http://127.0.0.1:3000";

describe("which book and film catalogues the local runtime links", () => {
  it("uses the stand-ins on its own port, with a token made for the run, when nothing is set", () => {
    const a = mediaSettings(RUNTIME, {});
    expect(a.catalogues).toEqual({
      openLibraryUrl: `${RUNTIME}/_openlibrary`,
      openLibraryCoversUrl: `${RUNTIME}/_openlibrary-covers`,
      tmdbApiUrl: `${RUNTIME}/_tmdb`,
      tmdbImageUrl: `${RUNTIME}/_tmdb-images/t/p`,
    });
    expect(a).toMatchObject({ openLibraryStandIn: true, tmdbStandIn: true });
    // Shaped like TMDB's read access tokens, so clients send it as a Bearer token.
    expect(a.tmdbToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]{40,}$/);
    expect(mediaSettings(RUNTIME, {}).tmdbToken).not.toBe(a.tmdbToken);
    // Empty settings (as `.env.example` leaves them) are the same as none.
    expect(mediaSettings(RUNTIME, { TMDB_TOKEN: " ", OPEN_LIBRARY_URL: "" })).toMatchObject({
      openLibraryStandIn: true,
      tmdbStandIn: true,
    });
  });

  it("links covers and posters at the address browsers use, when given one", () => {
    const s = mediaSettings(RUNTIME, {}, { imagesUrl: "http://192.168.1.5:3000/" });
    expect(s.catalogues).toEqual({
      openLibraryUrl: `${RUNTIME}/_openlibrary`,
      openLibraryCoversUrl: "http://192.168.1.5:3000/_openlibrary-covers",
      tmdbApiUrl: `${RUNTIME}/_tmdb`,
      tmdbImageUrl: "http://192.168.1.5:3000/_tmdb-images/t/p",
    });
    expect(mediaSettings(RUNTIME, {}, { makeToken: () => "eyJmade" }).tmdbToken).toBe("eyJmade");
  });

  it("uses real TMDB with TMDB_TOKEN, keeping the Open Library stand-in", () => {
    const s = mediaSettings(RUNTIME, { TMDB_TOKEN: "eyJreal.token.here" });
    expect(s).toMatchObject({ tmdbToken: "eyJreal.token.here", tmdbStandIn: false, openLibraryStandIn: true });
    expect(s.catalogues).toMatchObject({
      tmdbApiUrl: "https://api.themoviedb.org",
      tmdbImageUrl: "https://image.tmdb.org/t/p",
      openLibraryUrl: `${RUNTIME}/_openlibrary`,
    });
  });

  it("uses the Open Library at OPEN_LIBRARY_URL, with covers at OPEN_LIBRARY_COVERS_URL or Open Library's", () => {
    const real = mediaSettings(RUNTIME, { OPEN_LIBRARY_URL: "https://openlibrary.org/" });
    expect(real).toMatchObject({ openLibraryStandIn: false, tmdbStandIn: true });
    expect(real.catalogues).toMatchObject({
      openLibraryUrl: "https://openlibrary.org",
      openLibraryCoversUrl: "https://covers.openlibrary.org",
      tmdbApiUrl: `${RUNTIME}/_tmdb`,
    });
    const mirror = mediaSettings(RUNTIME, {
      OPEN_LIBRARY_URL: "http://books.internal",
      OPEN_LIBRARY_COVERS_URL: "http://covers.internal/",
    });
    expect(mirror.catalogues).toMatchObject({
      openLibraryUrl: "http://books.internal",
      openLibraryCoversUrl: "http://covers.internal",
    });
  });

  it("links on AWS the same addresses the real services have locally", () => {
    const both = mediaSettings(RUNTIME, { OPEN_LIBRARY_URL: "https://openlibrary.org", TMDB_TOKEN: "k" });
    expect(both.catalogues).toEqual(REAL_CATALOGUES);
    // infra/media.ts declares them for AWS (it runs under SST's globals, so it is read as text).
    const infra = readFileSync(new URL("../../../infra/media.ts", import.meta.url), "utf8");
    for (const [name, url] of Object.entries(REAL_CATALOGUES)) expect(infra).toContain(`${name}: "${url}"`);
  });
});
