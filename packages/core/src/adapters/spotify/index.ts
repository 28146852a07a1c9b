/** Spotify's Web API: the OAuth provider and the reads graph makes (top tracks and artists, the account's name). */
export { spotifyProvider, apiUrl, isConfigured } from "./provider.ts";
export { topTracks, topArtists, accountName, type TopTrack, type TopArtist } from "./web-api.ts";
