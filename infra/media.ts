/**
 * Where the book and film catalogues live, read by the code as `Resource.MediaCatalogues`:
 * Open Library (search needs no key) with its cover service, and TMDB with its image service
 * (its token is the `TmdbToken` secret). The local runtime links its offline stand-ins instead
 * unless OPEN_LIBRARY_URL or TMDB_TOKEN is set, so the same code runs against either.
 */
export const mediaCatalogues = new sst.Linkable("MediaCatalogues", {
  properties: {
    openLibraryUrl: "https://openlibrary.org",
    openLibraryCoversUrl: "https://covers.openlibrary.org",
    tmdbApiUrl: "https://api.themoviedb.org",
    tmdbImageUrl: "https://image.tmdb.org/t/p",
  },
});
