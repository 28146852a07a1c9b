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

/**
 * Spotify's Accounts service and Web API, read by the code as `Resource.Spotify` (the app's
 * credentials are the `SpotifyClientId` and `SpotifyClientSecret` secrets). Spotify has no token
 * revocation endpoint. The local runtime links its offline stand-in instead unless
 * SPOTIFY_CLIENT_ID is set.
 */
export const spotify = new sst.Linkable("Spotify", {
  properties: {
    authorizationEndpoint: "https://accounts.spotify.com/authorize",
    tokenEndpoint: "https://accounts.spotify.com/api/token",
    apiUrl: "https://api.spotify.com/v1",
  },
});

/**
 * The YouTube Data API v3 and Google's token revocation endpoint, read as `Resource.YouTubeApi`.
 * YouTube is authorized through Google's OAuth client (the `GoogleClientId` and
 * `GoogleClientSecret` secrets, the endpoints of `GoogleOidc`). The local runtime links its
 * Google stand-in's instead unless GOOGLE_CLIENT_ID is set.
 */
export const youtubeApi = new sst.Linkable("YouTubeApi", {
  properties: {
    apiUrl: "https://www.googleapis.com/youtube/v3",
    revocationEndpoint: "https://oauth2.googleapis.com/revoke",
  },
});

/**
 * Hacker News's public search (Algolia's API, no key), read by agentic search as
 * `Resource.HackerNews`. The local runtime links its offline stand-in instead unless
 * HACKER_NEWS_URL is set.
 */
export const hackerNews = new sst.Linkable("HackerNews", {
  properties: { apiUrl: "https://hn.algolia.com/api/v1" },
});

/**
 * Slack's OAuth page, Web API and hook addresses, read by the bot as `Resource.Slack` (the app's
 * credentials are the `SlackClientId`, `SlackClientSecret` and `SlackSigningSecret` secrets).
 * graph posts only to addresses under `hooksUrl`. The local runtime links its stand-in instead
 * unless SLACK_CLIENT_ID is set.
 */
export const slack = new sst.Linkable("Slack", {
  properties: {
    authorizationEndpoint: "https://slack.com/oauth/v2/authorize",
    apiUrl: "https://slack.com/api",
    hooksUrl: "https://hooks.slack.com/",
  },
});

/**
 * Discord's OAuth2 endpoints and API (webhooks, interaction follow-ups), read by the code as
 * `Resource.Discord` (the application is the `Discord*` secrets). The local runtime links its
 * offline stand-in instead unless DISCORD_CLIENT_ID is set.
 */
export const discord = new sst.Linkable("Discord", {
  properties: {
    authorizationEndpoint: "https://discord.com/oauth2/authorize",
    tokenEndpoint: "https://discord.com/api/oauth2/token",
    revocationEndpoint: "https://discord.com/api/oauth2/token/revoke",
    apiUrl: "https://discord.com/api/v10",
  },
});
