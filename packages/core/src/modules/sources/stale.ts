import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { IngestQueue, enqueue, type IngestJob } from "../../adapters/queues/index.ts";
import { freeSlot } from "./pending-slots.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "./rules.ts";
import { PendingSuggestionEntity } from "./pending-suggestion.entity.ts";
import { SuggestedSourceEntity } from "./suggested-source.entity.ts";

/** A suggestion pending this long has lost its check: it is queued again and no longer counts against the cap. */
export const STALE_PENDING_MS = 10 * 60 * 1000;

/**
 * Queues again the check of every suggestion pending for `STALE_PENDING_MS` whose last check was
 * queued that long ago (each taken with a conditional write, so two schedules at once queue it
 * once); one that has had `SUGGESTION_LIMITS.maxChecks` checks is rejected instead. Answers how many were queued.
 */
export async function requeueStalePending(now = Date.now()): Promise<number> {
  const cutoff = now - STALE_PENDING_MS;
  const { data } = await PendingSuggestionEntity.query.byAge({}).lt({ createdAt: cutoff }).go({ pages: "all" });
  const jobs: IngestJob[] = [];
  for (const pending of data) {
    if (pending.queuedAt > cutoff) continue;
    const key = { createdAt: pending.createdAt, userId: pending.userId, suggestionId: pending.suggestionId };
    if (pending.checks >= SUGGESTION_LIMITS.maxChecks) {
      await giveUp(key, pending.slot);
      continue;
    }
    try {
      await PendingSuggestionEntity.patch(key)
        .set({ queuedAt: now, checks: pending.checks + 1 })
        .where((attr, op) => op.eq(attr.queuedAt, pending.queuedAt))
        .go();
    } catch (error) {
      // Queued again by another run of the schedule meanwhile, or settled: nothing to do here.
      if (isConditionFailure(error)) continue;
      throw error;
    }
    jobs.push({ kind: "suggestion", userId: pending.userId, suggestionId: pending.suggestionId });
  }
  await enqueue(IngestQueue, jobs);
  return jobs.length;
}

interface PendingKey {
  createdAt: number;
  userId: string;
  suggestionId: string;
}

/** The listing of a pending suggestion, removed in the same transaction as the write that settles it. */
export const unlistPending = (key: PendingKey) => PendingSuggestionEntity.delete(key);

/** Rejects a suggestion whose checks keep getting lost, and gives back its place. */
async function giveUp(pending: PendingKey, slot: number | undefined): Promise<void> {
  const { userId, suggestionId } = pending;
  // Cancelled when a check settled it meanwhile: then only the listing is left to remove.
  const result = await transact([
    SuggestedSourceEntity.patch({ userId, suggestionId })
      .set({ approvalState: "rejected", reason: SUGGESTION_MESSAGES.uncheckable })
      .where((attr, op) => op.eq(attr.approvalState, "pending")),
    PendingSuggestionEntity.delete(pending),
  ]);
  if (result.canceled) await PendingSuggestionEntity.delete(pending).go();
  await freeSlot(userId, slot, suggestionId);
}
