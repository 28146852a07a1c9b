import * as Spotify from "@graph/core/modules/spotify";
import * as YouTube from "@graph/core/modules/youtube";
import { log } from "@graph/core/lib/observability";
import { observedJob } from "../observed.ts";

/** Time kept back from the function's limit, so the run ends cleanly before it is cut off. */
const MARGIN_MS = 30_000;

/**
 * Scheduled daily: syncs every connected Spotify and YouTube link again (top tracks and artists,
 * subscriptions), least recently synced first, within the function's time; a grant revoked at
 * the provider marks its link disconnected. Links left when the time is up go first next day.
 */
async function run(_event: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const remaining = context?.getRemainingTimeInMillis?.() ?? 5 * 60_000;
  const deadline = Date.now() + Math.max(remaining - MARGIN_MS, 10_000);
  // Each provider gets half the time, so one slow provider cannot starve the other.
  const half = Date.now() + (deadline - Date.now()) / 2;
  const spotify = await Spotify.resyncAll(half);
  const youtube = await YouTube.resyncAll(deadline);
  const result = { spotify, youtube };
  log.info("media-resync", result);
  return result;
}

export const handler = observedJob(run);
