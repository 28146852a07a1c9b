import type { EntityItem } from "electrodb";
import { isConditionFailure, itemRead, type WriteOp } from "../../adapters/dynamo/index.ts";
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
  itemRead<
    EntityItem<typeof FeedStateEntity>,
    "staleSince" | "lastManualRefreshAt" | "sessionAt" | "compactCards",
    FeedStateView
  >(FeedStateEntity, { userId }, ["staleSince", "lastManualRefreshAt", "sessionAt", "compactCards"], (state) => ({
    userId,
    ...state,
  }));

interface FeedStateView {
  userId: string;
  staleSince?: number | undefined;
  lastManualRefreshAt?: number | undefined;
  sessionAt?: number | undefined;
  compactCards?: boolean | undefined;
}

/** The person's choice of card (compact: no pictures; off unless chosen). */
export async function compactCards(userId: string): Promise<{ compactCards: boolean }> {
  const { data } = await FeedStateEntity.get({ userId }).go({ attributes: ["compactCards"] });
  return { compactCards: data?.compactCards === true };
}

/** The person's choice of card: compact (no pictures) or with pictures. One write; the same choice twice is the same. */
export async function setCompactCards(userId: string, compact: boolean): Promise<{ compactCards: boolean }> {
  await FeedStateEntity.upsert({ userId, compactCards: compact }).go({ response: "none" });
  return { compactCards: compact };
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

/**
 * The state's part of storing a new session (a transaction item): it records the session's start
 * (and a manual refresh's time) only while the latest start is still `expected`, the value the
 * refresh read, so of parallel refreshes one is stored and the others find it.
 */
export function claimSession(userId: string, expected: number | undefined, at: number, manual: boolean): WriteOp {
  return FeedStateEntity.update({ userId })
    .set(manual ? { sessionAt: at, lastManualRefreshAt: at } : { sessionAt: at })
    .where((attr, op) => (expected === undefined ? op.notExists(attr.sessionAt) : op.eq(attr.sessionAt, expected)));
}
