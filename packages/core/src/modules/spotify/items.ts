import * as Connections from "../connections/index.ts";
import { ArtistEntity } from "./artist.entity.ts";
import { TrackEntity } from "./track.entity.ts";
import type { TopArtist, TopTrack } from "../../adapters/spotify/index.ts";

/**
 * The person's tracks and artists as sets: a sync replaces each (creates the new ones, updates
 * the ranks of the kept ones, deletes the gone ones) with holder counts in the same transactions.
 * Each answers whether the set of ids changed.
 */

const trackIds = async (userId: string) =>
  (await TrackEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["trackId"] })).data.map((t) => t.trackId);
const artistIds = async (userId: string) =>
  (await ArtistEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["artistId"] })).data.map(
    (a) => a.artistId,
  );

const removeTrack = (userId: string, trackId: string) => () =>
  TrackEntity.delete({ userId, trackId }).where((attr, op) => op.exists(attr.syncedAt));
const removeArtist = (userId: string, artistId: string) => () =>
  ArtistEntity.delete({ userId, artistId }).where((attr, op) => op.exists(attr.syncedAt));

export async function replaceTracks(userId: string, tracks: TopTrack[], syncedAt: number): Promise<boolean> {
  const held = new Set(await trackIds(userId));
  const next = new Set(tracks.map((t) => t.trackId));
  const fields = (t: TopTrack, rank: number) => ({
    name: t.name,
    artists: t.artists,
    imageUrl: t.imageUrl,
    url: t.url,
    rank,
    syncedAt,
  });
  const added = await Connections.addItems(
    "track",
    tracks.flatMap((t, rank) =>
      held.has(t.trackId)
        ? []
        : [{ itemId: t.trackId, create: () => TrackEntity.create({ userId, trackId: t.trackId, ...fields(t, rank) }) }],
    ),
  );
  await Connections.updateItems(
    tracks.flatMap((t, rank) =>
      held.has(t.trackId) ? [() => TrackEntity.patch({ userId, trackId: t.trackId }).set(fields(t, rank))] : [],
    ),
  );
  const removed = await Connections.removeItems(
    "track",
    [...held]
      .filter((id) => !next.has(id))
      .map((trackId) => ({ itemId: trackId, remove: removeTrack(userId, trackId) })),
  );
  return added.added.length > 0 || removed.length > 0;
}

export async function replaceArtists(userId: string, artists: TopArtist[], syncedAt: number): Promise<boolean> {
  const held = new Set(await artistIds(userId));
  const next = new Set(artists.map((a) => a.artistId));
  const fields = (a: TopArtist, rank: number) => ({ name: a.name, imageUrl: a.imageUrl, url: a.url, rank, syncedAt });
  const added = await Connections.addItems(
    "artist",
    artists.flatMap((a, rank) =>
      held.has(a.artistId)
        ? []
        : [
            {
              itemId: a.artistId,
              create: () => ArtistEntity.create({ userId, artistId: a.artistId, ...fields(a, rank) }),
            },
          ],
    ),
  );
  await Connections.updateItems(
    artists.flatMap((a, rank) =>
      held.has(a.artistId) ? [() => ArtistEntity.patch({ userId, artistId: a.artistId }).set(fields(a, rank))] : [],
    ),
  );
  const removed = await Connections.removeItems(
    "artist",
    [...held]
      .filter((id) => !next.has(id))
      .map((artistId) => ({ itemId: artistId, remove: removeArtist(userId, artistId) })),
  );
  return added.added.length > 0 || removed.length > 0;
}

/** Removes every track and artist of the person (each holder down once); answers the kinds that changed. */
export async function removeAll(userId: string): Promise<Array<"track" | "artist">> {
  const [tracks, artists] = await Promise.all([trackIds(userId), artistIds(userId)]);
  const [removedTracks, removedArtists] = await Promise.all([
    Connections.removeItems(
      "track",
      tracks.map((trackId) => ({ itemId: trackId, remove: removeTrack(userId, trackId) })),
    ),
    Connections.removeItems(
      "artist",
      artists.map((artistId) => ({ itemId: artistId, remove: removeArtist(userId, artistId) })),
    ),
  ]);
  return [
    ...(removedTracks.length > 0 ? ["track" as const] : []),
    ...(removedArtists.length > 0 ? ["artist" as const] : []),
  ];
}
