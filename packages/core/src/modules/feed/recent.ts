import { FeedSessionEntity } from "./feed-session.entity.ts";
import { sessionOf, type FeedPick } from "./picks.ts";
import * as Silenced from "./silenced.ts";

/** A pick with when it was picked (its session's time). */
export interface RecentPick extends FeedPick {
  pickedAt: number;
}

/**
 * The person's picks from their sessions since `since`, newest session first (each session's
 * picks in their order), each article once (where it was last picked), at most `limit`; sources
 * the person silenced left out, as the feed leaves them out.
 */
export async function recentPicks(userId: string, since: number, limit: number): Promise<RecentPick[]> {
  const [{ data }, silenced] = await Promise.all([
    FeedSessionEntity.query
      .byUser({ userId })
      .between({ createdAt: since }, { createdAt: Number.MAX_SAFE_INTEGER })
      .go({ pages: "all" }),
    Silenced.ids(userId),
  ]);
  const sessions = data.sort((a, b) => b.createdAt - a.createdAt).map(sessionOf);
  const seen = new Set<string>();
  const picks: RecentPick[] = [];
  for (const session of sessions) {
    for (const pick of session.picks) {
      if (seen.has(pick.id) || silenced.has(pick.sourceId)) continue;
      seen.add(pick.id);
      picks.push({ ...pick, pickedAt: session.createdAt });
      if (picks.length >= limit) return picks;
    }
  }
  return picks;
}
