import * as Connections from "../connections/index.ts";
import { VisibleError } from "../errors.ts";
import * as Interests from "../interests/index.ts";
import { removeAll, replaceArtists, replaceTracks } from "./items.ts";
import { isConfigured, spotifyProvider } from "./provider.ts";
import { SPOTIFY_DEFAULT_REDIRECT, SPOTIFY_MESSAGES } from "./rules.ts";
import { accountName, topArtists, topTracks } from "./web-api.ts";

function configuredProvider(): Connections.OAuthProvider {
  if (!isConfigured()) throw new VisibleError(503, "not_configured", SPOTIFY_MESSAGES.notConfigured);
  return spotifyProvider();
}

/** Starts a connect for the signed-in person (see `Connections.startAuthorization`). */
export function startConnect(userId: string, redirect: unknown) {
  return Connections.startAuthorization(
    configuredProvider(),
    userId,
    Connections.safeRedirect(redirect, SPOTIFY_DEFAULT_REDIRECT),
  );
}

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
 * Finishes a connect (state, person and PKCE checked by `Connections.finishAuthorization`),
 * stores the link with its tokens sealed, and syncs. Answers where to send the browser and
 * whether it all worked; a connect refused or a first sync that failed says `failed` (a stored
 * link that could not sync yet is synced again by the daily re-sync).
 */
export async function finishConnect(input: {
  code: string;
  state: string;
  browserState: string | undefined;
  userId: string;
}): Promise<{ redirect: string; outcome: "connected" | "failed" }> {
  let redirect = SPOTIFY_DEFAULT_REDIRECT;
  try {
    const finished = await Connections.finishAuthorization(configuredProvider(), input);
    redirect = finished.redirect;
    const name = await accountName(finished.tokens.accessToken);
    await Connections.saveConnection("spotify", input.userId, finished.tokens, name);
    await sync(input.userId);
    return { redirect, outcome: "connected" };
  } catch (error) {
    if (error instanceof Connections.ConnectFailedError) redirect = error.redirect ?? redirect;
    console.warn("spotify connect failed", { userId: input.userId, reason: reasonOf(error) });
    return { redirect, outcome: "failed" };
  }
}

/** Gives up a connect the person cancelled at Spotify (its state works no more). */
export async function cancelConnect(state: string): Promise<string> {
  const pending = await Connections.takeAuthorization("spotify", state);
  return pending?.redirect ?? SPOTIFY_DEFAULT_REDIRECT;
}

/** What failed, for the log: never a token (errors here carry none; only their kind and reason). */
function reasonOf(error: unknown): string {
  if (error instanceof Connections.ConnectFailedError) return error.reason;
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return "unknown";
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
