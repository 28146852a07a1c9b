import { retryWhileUnavailable, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import { holderChange } from "../holders/index.ts";
import * as Interests from "../interests/index.ts";
import { BOOKS_MAX, MOVIES_MAX, type MediaKind } from "./rules.ts";
import { ShelfCountsEntity } from "./shelf-counts.entity.ts";

/**
 * The writes every shelf change shares: the person's count (kept within the cap by the
 * transaction's condition) and the holders of each item, written in the same transaction as the
 * items themselves so neither can drift from what the shelf holds.
 */

const COUNT_FIELD = { book: "books", movie: "movies" } as const;
export const SHELF_MAX: Record<MediaKind, number> = { book: BOOKS_MAX, movie: MOVIES_MAX };
/** DynamoDB takes at most 100 items a transaction: the count, then a create and a holder per item. */
export const CREATES_PER_TRANSACTION = 49;
/**
 * Transactions that lost races with others on the same count (each already tried 4 times) or met
 * a throttle (the SDK's own retries spent) are tried this often: enough for 30 at once, few enough
 * that a throttle which lasts answers 503 within the API's 29 seconds.
 */
const ATTEMPTS = 4;

export const withRetries = <T>(work: () => Promise<T>) => retryWhileUnavailable(work, ATTEMPTS);

/** Adds `n` to the count, on condition that it stays within the cap. */
function countUp(userId: string, kind: MediaKind, n: number): WriteOp {
  const field = COUNT_FIELD[kind];
  const max = SHELF_MAX[kind];
  return ShelfCountsEntity.update({ userId })
    .add({ [field]: n })
    .where((attr, op) => `${op.notExists(attr[field])} OR ${op.lte(attr[field], max - n)}`);
}

const countDown = (userId: string, kind: MediaKind, n: number): WriteOp =>
  ShelfCountsEntity.update({ userId }).add({ [COUNT_FIELD[kind]]: -n });

export type AddOutcome = { added: true } | { added: false; full: boolean; existing: number[] };

/**
 * Creates items (each `create` conditioned on the item not existing) with their count and
 * holders, all or nothing. When it does not go through: `full` when the count's condition
 * failed, `existing` the positions (in `items`) whose item was already there.
 */
export async function addItems(
  userId: string,
  kind: MediaKind,
  items: Array<{ itemId: string; create: WriteOp }>,
): Promise<AddOutcome> {
  if (items.length === 0) return { added: true };
  if (items.length > CREATES_PER_TRANSACTION) throw new Error("too many items for one transaction");
  const result = await withRetries(() =>
    transact([
      countUp(userId, kind, items.length),
      ...items.map((i) => i.create),
      ...items.map((i) => holderChange(kind, i.itemId, 1)),
    ]),
  );
  if (!result.canceled) {
    await Interests.changed(userId, [kind]);
    return { added: true };
  }
  const failed = (position: number) => result.reasons[position] === "ConditionalCheckFailed";
  const existing = items.map((_, i) => i).filter((i) => failed(1 + i));
  const full = failed(0);
  if (!full && existing.length === 0) throw new UnavailableError();
  return { added: false, full, existing };
}

/** Deletes items (each `remove` conditioned on the item existing) with their count and holders; false when one was gone. */
export async function removeItems(
  userId: string,
  kind: MediaKind,
  items: Array<{ itemId: string; remove: WriteOp }>,
): Promise<boolean> {
  if (items.length === 0) return true;
  const result = await withRetries(() =>
    transact([
      ...items.map((i) => i.remove),
      countDown(userId, kind, items.length),
      ...items.map((i) => holderChange(kind, i.itemId, -1)),
    ]),
  );
  if (result.canceled) return false;
  await Interests.changed(userId, [kind]);
  return true;
}

/** How many books or films the person keeps. */
export async function shelfCount(userId: string, kind: MediaKind): Promise<number> {
  const { data } = await ShelfCountsEntity.get({ userId }).go({ consistent: true });
  return data?.[COUNT_FIELD[kind]] ?? 0;
}

/** Removes the person's counts (the last step of a purge). */
export async function dropCounts(userId: string): Promise<void> {
  await ShelfCountsEntity.delete({ userId }).go();
}
