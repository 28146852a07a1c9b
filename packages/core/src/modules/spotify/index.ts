/**
 * Spotify: the account link (OAuth with PKCE through `connections`), the sync of the person's
 * top tracks and artists, the profile's reads, mutual interests' reads, unlink and purge.
 */
export { cancelConnect, finishConnect, purgeAccount, resyncAll, startConnect, sync, unlink } from "./link.ts";
export {
  heldArtists,
  heldTracks,
  listArtists,
  listTracks,
  status,
  type ArtistView,
  type SpotifyStatus,
  type TrackView,
} from "./reads.ts";
export { isConfigured } from "../../adapters/spotify/index.ts";
export * from "./rules.ts";
export { personData } from "./person-data.ts";
