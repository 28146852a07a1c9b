import { FOLLOWING_FEED } from "../follows/rules.ts";
import { enqueue, ShareQueue, type SharedPick } from "../../adapters/queues/index.ts";
import type { FeedPick, FeedSession } from "./picks.ts";
import { log } from "../../lib/observability/index.ts";

/** What sharing reads of a stored session. */
type SharedSession = Pick<FeedSession, "userId" | "createdAt" | "groupOrder" | "provisional" | "caughtUp"> & {
  picks: Array<
    Pick<FeedPick, "id" | "title" | "link" | "sourceName" | "sourceType" | "bestMatchingKeywords" | "group">
  >;
};

/**
 * What of a stored session its author's followers see, or nothing: provisional sessions (soon
 * replaced), caught-up ones (a repeat of the previous picks) and empty ones are not shared. A
 * friend's card shows the session's first few picks, in the order its groups are shown.
 */
export function shareable(
  session: SharedSession,
): { userId: string; createdAt: number; picks: SharedPick[] } | undefined {
  if (session.provisional || session.caughtUp || session.picks.length === 0) return undefined;
  const rank = new Map(session.groupOrder.map((name, i) => [name, i]));
  const picks = [...session.picks]
    .map((pick, i) => ({ pick, i }))
    .sort((a, b) => (rank.get(a.pick.group) ?? 99) - (rank.get(b.pick.group) ?? 99) || a.i - b.i)
    .slice(0, FOLLOWING_FEED.picksPerSession)
    .map(({ pick }) => ({
      articleId: pick.id,
      title: pick.title,
      link: pick.link,
      sourceName: pick.sourceName,
      sourceType: pick.sourceType,
      bestMatchingKeywords: pick.bestMatchingKeywords,
    }));
  return { userId: session.userId, createdAt: session.createdAt, picks };
}

/**
 * Announces a stored session to its author's followers: the ShareQueue's worker writes it into
 * their timelines, so a person with thousands of followers gets their feed as fast as anyone,
 * and a failed fan-out is retried by the queue rather than lost. A session that cannot be
 * queued is logged: the person's own feed stands, and only their friends miss this session.
 */
export async function announceStored(session: SharedSession): Promise<void> {
  const shared = shareable(session);
  if (!shared) return;
  try {
    await enqueue(ShareQueue, [shared]);
  } catch (error) {
    log.error("feed: a session not queued for sharing", { userId: session.userId, error });
  }
}
