import * as Connections from "../connections/index.ts";
import { VisibleError } from "../../lib/errors/index.ts";
import * as Interests from "../interests/index.ts";
import { removeAll, replaceArtists, replaceTracks } from "./items.ts";
import { isConfigured, spotifyProvider } from "../../adapters/spotify/index.ts";
import { SPOTIFY_DEFAULT_REDIRECT, SPOTIFY_MESSAGES } from "./rules.ts";
import { accountName, topArtists, topTracks } from "../../adapters/spotify/index.ts";

/** Spotify's part of a connect: its provider, where it comes back to, and a first sync. */
const flow: Connections.ConnectFlow = {
  name: "spotify",
  provider() {
    if (!isConfigured()) throw new VisibleError(503, "not_configured", SPOTIFY_MESSAGES.notConfigured);
    return spotifyProvider();
  },
  defaultRedirect: SPOTIFY_DEFAULT_REDIRECT,
  async link(userId, tokens) {
    const name = await accountName(tokens.accessToken);
    await Connections.saveConnection("spotify", userId, tokens, name);
    await sync(userId);
  },
};

/** Starts, finishes or gives up a connect (see `Connections.startConnect` and the rest). */
export const startConnect = (userId: string, redirect: unknown) => Connections.startConnect(flow, userId, redirect);
export const finishConnect = (input: Parameters<typeof Connections.finishConnect>[1]) =>
  Connections.finishConnect(flow, input);
export const cancelConnect = (state: string) => Connections.cancelConnect(flow, state);

/**
 * Re-reads the person's top tracks and artists and replaces the stored ones. Throws
 * `Connections.NotConnectedError` without a connected link and `Connections.LinkRevokedError`
 * when Spotify refused the grant (the link is then marked disconnected; the items stay).
 */
export async function sync(userId: string): Promise<void> {
  const p = spotifyProvider();
  const { tracks, artists, name } = await Connections.withAccessToken(p, userId, async (token) => {
    const [tracks, artists, name] = await Promise.all([topTracks(token), topArtists(token), accountName(token)]);
    return { tracks, artists, name };
  });
  const syncedAt = Date.now();
  const [tracksChanged, artistsChanged] = await Promise.all([
    replaceTracks(userId, tracks, syncedAt),
    replaceArtists(userId, artists, syncedAt),
  ]);
  const changed = [...(tracksChanged ? ["track" as const] : []), ...(artistsChanged ? ["artist" as const] : [])];
  // Unlinked while this ran: what it wrote goes too.
  if ((await Connections.linkState("spotify", userId)).status === "none") {
    for (const kind of await removeAll(userId)) if (!changed.includes(kind)) changed.push(kind);
  } else {
    await Connections.markSynced("spotify", userId, name);
  }
  if (changed.length > 0) await Interests.changed(userId, changed);
}

/**
 * Unlinks: removes the tokens (Spotify has no revocation endpoint: the person may also remove
 * graph at spotify.com/account/apps), then the tracks and artists.
 */
export async function unlink(userId: string): Promise<void> {
  await Connections.deleteConnection("spotify", userId);
  const changed = await removeAll(userId);
  if (changed.length > 0) await Interests.changed(userId, changed);
}

/** Removes a deleted account's link, tracks and artists. Idempotent. */
export async function purgeAccount(userId: string): Promise<void> {
  await unlink(userId);
  await Connections.purgeConnects("spotify", userId);
}

/** Re-syncs every connected Spotify link until `deadline` (the daily `media-resync` job). */
export async function resyncAll(deadline: number): Promise<Connections.ResyncTally> {
  if (!isConfigured()) return { synced: 0, disconnected: 0, failed: 0, left: false };
  return Connections.resyncConnected("spotify", sync, deadline);
}
