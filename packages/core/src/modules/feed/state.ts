import type { EntityItem } from "electrodb";
import { isConditionFailure, itemRead } from "../../adapters/dynamo/index.ts";
import { FeedStateEntity } from "./feed-state.entity.ts";

/** The person's next feed read recomputes instead of answering the stored feed. */
export async function markStale(userId: string): Promise<void> {
  await FeedStateEntity.upsert({ userId, staleSince: Date.now() }).go();
}

/**
 * The person's feed state (a cleared refresh, the last manual refresh): a read for `getTogether`
 * (with other reads of the person in one request).
 */
export const stateRead = (userId: string) =>
  itemRead<EntityItem<typeof FeedStateEntity>, "staleSince" | "lastManualRefreshAt", FeedStateView>(
    FeedStateEntity,
    { userId },
    ["staleSince", "lastManualRefreshAt"],
    (state) => ({ userId, ...state }),
  );

interface FeedStateView {
  userId: string;
  staleSince?: number | undefined;
  lastManualRefreshAt?: number | undefined;
}

export async function clearStale(userId: string, since: number | undefined): Promise<void> {
  if (since === undefined) return;
  // Only clear the mark this refresh saw; a change made during the refresh keeps it.
  await FeedStateEntity.patch({ userId })
    .remove(["staleSince"])
    .where((attr, op) => op.eq(attr.staleSince, since))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error; // changed meanwhile: the mark stays
    });
}

export async function recordManualRefresh(userId: string, at: number): Promise<void> {
  await FeedStateEntity.upsert({ userId, lastManualRefreshAt: at }).go();
}
