import type { Hono } from "hono";
import { makeTmdbToken } from "./tmdb/token.ts";

/** What graph links as `Resource.MediaCatalogues` (AWS: infra/media.ts). */
export interface MediaCatalogues {
  openLibraryUrl: string;
  openLibraryCoversUrl: string;
  tmdbApiUrl: string;
  tmdbImageUrl: string;
}

export interface MediaSettings {
  catalogues: MediaCatalogues;
  /** What graph links as `Resource.TmdbToken`. */
  tmdbToken: string;
  /** Whether the Open Library stand-in (search and covers) answers on this port. */
  openLibraryStandIn: boolean;
  /** Whether the TMDB stand-in (search and images) answers on this port. */
  tmdbStandIn: boolean;
}

/** The real services, as infra/media.ts links them on AWS. */
export const REAL_CATALOGUES: MediaCatalogues = {
  openLibraryUrl: "https://openlibrary.org",
  openLibraryCoversUrl: "https://covers.openlibrary.org",
  tmdbApiUrl: "https://api.themoviedb.org",
  tmdbImageUrl: "https://image.tmdb.org/t/p",
};

const trimmed = (url: string) => url.trim().replace(/\/+$/, "");

/**
 * The book and film catalogues: the stand-ins on this port unless OPEN_LIBRARY_URL (an Open
 * Library, covers at OPEN_LIBRARY_COVERS_URL) or TMDB_TOKEN (real TMDB with that token) is set.
 * The stand-in TMDB takes only `makeToken()`'s token, made per run. Covers and posters are
 * linked at `imagesUrl` (by default the runtime's own address): browsers load them, so it must
 * be an address they reach.
 */
export function mediaSettings(
  runtimeUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  { imagesUrl = runtimeUrl, makeToken = makeTmdbToken }: { imagesUrl?: string; makeToken?: () => string } = {},
): MediaSettings {
  const openLibrary = env.OPEN_LIBRARY_URL?.trim();
  const tmdbToken = env.TMDB_TOKEN?.trim();
  const images = trimmed(imagesUrl);
  return {
    catalogues: {
      openLibraryUrl: openLibrary ? trimmed(openLibrary) : `${runtimeUrl}/_openlibrary`,
      openLibraryCoversUrl: openLibrary
        ? trimmed(env.OPEN_LIBRARY_COVERS_URL?.trim() || REAL_CATALOGUES.openLibraryCoversUrl)
        : `${images}/_openlibrary-covers`,
      tmdbApiUrl: tmdbToken ? REAL_CATALOGUES.tmdbApiUrl : `${runtimeUrl}/_tmdb`,
      tmdbImageUrl: tmdbToken ? REAL_CATALOGUES.tmdbImageUrl : `${images}/_tmdb-images/t/p`,
    },
    tmdbToken: tmdbToken || makeToken(),
    openLibraryStandIn: !openLibrary,
    tmdbStandIn: !tmdbToken,
  };
}

/** Mounts the stand-ins the settings use (each loads its catalogue only then). */
export async function mountMediaStandIns(root: Hono, settings: MediaSettings) {
  if (settings.openLibraryStandIn) {
    const ol = await import("./open-library/index.ts");
    root.route(ol.SEARCH_PATH, ol.openLibraryApp());
    root.route(ol.COVERS_PATH, ol.openLibraryCoversApp());
  }
  if (settings.tmdbStandIn) {
    const tmdb = await import("./tmdb/index.ts");
    root.route(tmdb.API_PATH, tmdb.tmdbApp(settings.tmdbToken));
    root.route(tmdb.IMAGES_PATH, tmdb.tmdbImagesApp());
  }
}
