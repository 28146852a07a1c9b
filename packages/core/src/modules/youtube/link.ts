import * as Connections from "../connections/index.ts";
import { VisibleError } from "../../lib/errors/index.ts";
import * as Interests from "../interests/index.ts";
import { deleteChannel, dropCount, importChannels, removeChannels, replaceAccountChannels } from "./channels.ts";
import { accountName, subscriptions } from "../../adapters/youtube/index.ts";
import { isConfigured, revocationEndpoint, youtubeProvider } from "../../adapters/youtube/index.ts";
import { YOUTUBE_DEFAULT_REDIRECT, YOUTUBE_MESSAGES } from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

/** YouTube's part of a connect: its provider, where it comes back to, and a first sync. */
const flow: Connections.ConnectFlow = {
  name: "youtube",
  provider() {
    if (!isConfigured()) throw new VisibleError(503, "not_configured", YOUTUBE_MESSAGES.notConfigured);
    return youtubeProvider();
  },
  defaultRedirect: YOUTUBE_DEFAULT_REDIRECT,
  async link(userId, tokens) {
    await Connections.saveConnection("youtube", userId, tokens, undefined);
    await sync(userId);
  },
};

/** Starts, finishes or gives up a connect (see `Connections.startConnect` and the rest). */
export const startConnect = (userId: string, redirect: unknown) => Connections.startConnect(flow, userId, redirect);
export const finishConnect = (input: Parameters<typeof Connections.finishConnect>[1]) =>
  Connections.finishConnect(flow, input);
export const cancelConnect = (state: string) => Connections.cancelConnect(flow, state);

/**
 * Re-reads the account's subscriptions and replaces the person's account channels. Throws
 * `Connections.NotConnectedError` without a connected link and `Connections.LinkRevokedError`
 * when Google refused the grant (the link is then marked disconnected; the channels stay).
 */
export async function sync(userId: string): Promise<void> {
  const { channels, name } = await Connections.withAccessToken(youtubeProvider(), userId, async (token) => {
    const [channels, name] = await Promise.all([subscriptions(token), accountName(token)]);
    return { channels, name };
  });
  let changed = await replaceAccountChannels(userId, channels);
  // Unlinked while this ran: what it wrote goes too.
  if ((await Connections.linkState("youtube", userId)).status === "none") {
    changed = (await removeChannels(userId, "account")) || changed;
  } else {
    await Connections.markSynced("youtube", userId, name);
  }
  if (changed) await Interests.changed(userId, ["channel"]);
}

/** Revocation attempts before giving up (Google unreachable or failing), with growing pauses. */
const REVOKE_ATTEMPTS = 3;

/**
 * Revokes the link's grant at Google (its refresh token revokes the whole grant; the access token
 * when there is none). A token Google no longer knows is revoked already. Answers whether Google
 * confirmed it; without a configured client there is nothing to revoke with.
 */
async function revoke(userId: string): Promise<boolean> {
  const tokens = await Connections.storedTokens("youtube", userId);
  if (!tokens || !isConfigured()) return true;
  const token = tokens.refreshToken ?? tokens.accessToken;
  for (let attempt = 1; ; attempt++) {
    try {
      await Connections.revokeToken(youtubeProvider(), revocationEndpoint(), token);
      return true;
    } catch (error) {
      if (attempt >= REVOKE_ATTEMPTS) {
        log.warn("youtube: a revoke failed", { userId, reason: Connections.failureReason(error) });
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Unlinks: revokes the grant at Google, then removes the tokens and the channels the account
 * brought (Takeout channels stay). When Google cannot be reached after three tries the tokens
 * are removed all the same — a live credential is not kept for a person who asked to unlink —
 * the failure is logged, and the grant lapses at Google (the person can also remove graph at
 * myaccount.google.com/permissions). Answers whether Google confirmed the revocation.
 */
export async function unlink(userId: string): Promise<{ revoked: boolean }> {
  const revoked = await revoke(userId);
  await Connections.deleteConnection("youtube", userId);
  if (await removeChannels(userId, "account")) await Interests.changed(userId, ["channel"]);
  return { revoked };
}

/**
 * Removes a deleted account's link (revoked at Google first), every channel and the count.
 * When Google cannot be reached it throws, and the deletion's sweep runs the step again later
 * (the link stays until then, so the grant is never forgotten unrevoked). Idempotent.
 */
export async function purgeAccount(userId: string): Promise<void> {
  if (!(await revoke(userId))) throw new Error("the YouTube grant could not be revoked yet");
  await Connections.deleteConnection("youtube", userId);
  if (await removeChannels(userId, "all")) await Interests.changed(userId, ["channel"]);
  await dropCount(userId);
  await Connections.purgeConnects("youtube", userId);
}

/** Adds Takeout `subscriptions.csv` rows as the person's channels. */
export async function importTakeoutChannels(userId: string, rows: unknown[]) {
  const result = await importChannels(userId, rows);
  if (result.added > 0) await Interests.changed(userId, ["channel"]);
  return result;
}

/** Deletes one of the person's channels (from Takeout or the account); 404 when they do not keep it. */
export async function removeChannel(userId: string, channelId: string): Promise<void> {
  await deleteChannel(userId, channelId);
  await Interests.changed(userId, ["channel"]);
}

/** Re-syncs every connected YouTube link until `deadline` (the daily `media-resync` job). */
export async function resyncAll(deadline: number): Promise<Connections.ResyncTally> {
  if (!isConfigured()) return { synced: 0, disconnected: 0, failed: 0, left: false };
  return Connections.resyncConnected("youtube", sync, deadline);
}
