import * as Connections from "../connections/index.ts";
import { pictureAddress } from "../pictures/index.ts";
import { ArtistEntity, type Artist } from "./artist.entity.ts";
import { TrackEntity, type Track } from "./track.entity.ts";

/** A track and an artist as the API answers them (the spec's fields). */
export interface TrackView {
  id: string;
  image: string;
  /** The album art on graph's own origin (the picture proxy's signed address): what pages show. */
  picture_url: string | null;
  name: string;
  /** Every artist, comma-separated. */
  artists: string;
  /** The first artist. */
  artist_name: string;
  url: string;
}
export interface ArtistView {
  id: string;
  image: string;
  /** The artist's picture on graph's own origin. */
  picture_url: string | null;
  name: string;
  url: string;
}

export const trackView = (t: Pick<Track, "trackId" | "imageUrl" | "name" | "artists" | "url">): TrackView => ({
  id: t.trackId,
  image: t.imageUrl,
  picture_url: pictureAddress(t.imageUrl),
  name: t.name,
  artists: t.artists.join(", "),
  artist_name: t.artists[0] ?? "",
  url: t.url,
});

export const artistView = (a: Pick<Artist, "artistId" | "imageUrl" | "name" | "url">): ArtistView => ({
  id: a.artistId,
  image: a.imageUrl,
  picture_url: pictureAddress(a.imageUrl),
  name: a.name,
  url: a.url,
});

/** The person's top tracks, most played first (at most `limit`). */
export async function listTracks(userId: string, limit: number): Promise<TrackView[]> {
  const { data } = await TrackEntity.query.byRank({ userId }).go({ limit, pages: 1 });
  return data.map(trackView);
}

/** The person's top artists, most played first (at most `limit`). */
export async function listArtists(userId: string, limit: number): Promise<ArtistView[]> {
  const { data } = await ArtistEntity.query.byRank({ userId }).go({ limit, pages: 1 });
  return data.map(artistView);
}

/** Every track the person holds (Spotify ids) with its name, for mutual interests. */
export async function heldTracks(userId: string): Promise<Array<{ id: string; label: string }>> {
  const { data } = await TrackEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["trackId", "name"] });
  return data.map((t) => ({ id: t.trackId, label: t.name ?? "" }));
}

/** Every artist the person holds (Spotify ids) with its name, for mutual interests. */
export async function heldArtists(userId: string): Promise<Array<{ id: string; label: string }>> {
  const { data } = await ArtistEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["artistId", "name"] });
  return data.map((a) => ({ id: a.artistId, label: a.name ?? "" }));
}

export interface SpotifyStatus extends Connections.LinkState {
  tracks: number;
  artists: number;
}

/** How the person's Spotify link stands and what it brought (never a token). */
export async function status(userId: string): Promise<SpotifyStatus> {
  const [link, tracks, artists] = await Promise.all([
    Connections.linkState("spotify", userId),
    TrackEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["trackId"] }),
    ArtistEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["artistId"] }),
  ]);
  return { ...link, tracks: tracks.data.length, artists: artists.data.length };
}
