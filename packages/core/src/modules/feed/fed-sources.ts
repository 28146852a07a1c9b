import { FeedSessionEntity } from "./feed-session.entity.ts";
import { sessionOf } from "./picks.ts";

/** The sources whose articles reached a person's feed since `since` (epoch ms), the latest first. */
export async function sourcesThatFed(userId: string, since: number): Promise<string[]> {
  // A range with both ends: the person's partition holds more than their sessions.
  const { data } = await FeedSessionEntity.query
    .byUser({ userId })
    .between({ createdAt: since }, { createdAt: Number.MAX_SAFE_INTEGER })
    .go({ pages: "all" });
  const latest = new Map<string, number>();
  for (const session of data.map(sessionOf)) {
    for (const pick of session.picks) {
      if (pick.sourceId) latest.set(pick.sourceId, Math.max(latest.get(pick.sourceId) ?? 0, session.createdAt));
    }
  }
  return [...latest].sort((a, b) => b[1] - a[1]).map(([sourceId]) => sourceId);
}
