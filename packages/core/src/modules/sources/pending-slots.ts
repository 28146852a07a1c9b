import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { PendingSlotEntity } from "./pending-slot.entity.ts";
import { SUGGESTION_LIMITS } from "./rules.ts";

/**
 * The person's free places for a pending suggestion, in a random order (so requests sent at
 * once try different places first): empty ones, and ones whose suggestion has gone stale.
 */
export async function freeSlots(userId: string, now: number): Promise<number[]> {
  const { data } = await PendingSlotEntity.query.byUser({ userId }).go({ pages: "all", consistent: true });
  const taken = new Set(data.filter((s) => s.staleAt > now).map((s) => s.slot));
  const free = Array.from({ length: SUGGESTION_LIMITS.maxPending }, (_, slot) => slot).filter((s) => !taken.has(s));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  return free;
}

/** Takes a place for a suggestion, on condition it is free: part of the transaction that records it. */
export const takeSlot = (userId: string, slot: number, suggestionId: string, staleAt: number, now: number) =>
  PendingSlotEntity.put({ userId, slot, suggestionId, staleAt }).where(
    (attr, op) => `${op.notExists(attr.suggestionId)} OR ${op.lte(attr.staleAt, now)}`,
  );

/** Gives back the place a settled suggestion held, unless another suggestion has taken it since. */
export async function freeSlot(userId: string, slot: number | undefined, suggestionId: string): Promise<void> {
  if (slot === undefined) return;
  try {
    await PendingSlotEntity.delete({ userId, slot })
      .where((attr, op) => op.eq(attr.suggestionId, suggestionId))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
