import { conditionally, retryWhileUnavailable, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { holderChange, type HeldKind } from "../holders/index.ts";

/**
 * Writes to a person's set of held items (tracks, artists, channels) that keep the items'
 * holder counts, and a count with a cap when the set has one, in the same transactions as the
 * items: neither can drift from what the person holds, and parallel writers cannot pass the cap
 * or count a holder twice (each create is conditioned on the item not existing, each delete on
 * it existing).
 */

/** The person's count of a capped set: `up` is conditioned on staying within the cap. */
export interface Counter {
  up(n: number): WriteOp;
  down(n: number): WriteOp;
}

/** DynamoDB takes at most 100 items a transaction: a count, then a write and a holder change per item. */
const ITEMS_PER_TRANSACTION = 49;
const UPDATES_PER_TRANSACTION = 100;
/** Transactions that lost races on a hot count or met a throttle are tried this often (then 503). */
const ATTEMPTS = 4;

const withRetries = <T>(work: () => Promise<T>) => retryWhileUnavailable(work, ATTEMPTS);

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface AddResult {
  /** Ids created now. */
  added: string[];
  /** Whether the cap stopped some. */
  full: boolean;
}

/**
 * Creates items with their holders (and the count). A transaction that does not go through (one
 * of its items was there already, or the cap is near) is written again one item at a time, which
 * fills the set exactly to its cap and skips the items someone else created meanwhile.
 */
export async function addItems(
  kind: HeldKind,
  items: Array<{ itemId: string; create: () => WriteOp }>,
  counter?: Counter,
): Promise<AddResult> {
  const added: string[] = [];
  let full = false;
  const attempt = (batch: typeof items) =>
    withRetries(() =>
      transact([
        ...(counter ? [counter.up(batch.length)] : []),
        ...batch.map((i) => i.create()),
        ...batch.map((i) => holderChange(kind, i.itemId, 1)),
      ]),
    );
  for (const batch of chunks(items, ITEMS_PER_TRANSACTION)) {
    if (full) break;
    const result = await attempt(batch);
    if (!result.canceled) {
      added.push(...batch.map((i) => i.itemId));
      continue;
    }
    for (const item of batch) {
      const one = await attempt([item]);
      if (!one.canceled) {
        added.push(item.itemId);
        continue;
      }
      if (counter && one.reasons[0] === "ConditionalCheckFailed") {
        full = true;
        break;
      }
      // Otherwise it exists already: someone else's write (or an earlier run) added it.
    }
  }
  return { added, full };
}

/**
 * Deletes items with their holders (and the count). A transaction that does not go through (one
 * was gone already) is written again one item at a time, so each holder goes down exactly once.
 * Answers the ids deleted now.
 */
export async function removeItems(
  kind: HeldKind,
  items: Array<{ itemId: string; remove: () => WriteOp }>,
  counter?: Counter,
): Promise<string[]> {
  const removed: string[] = [];
  const attempt = (batch: typeof items) =>
    withRetries(() =>
      transact([
        ...batch.map((i) => i.remove()),
        ...batch.map((i) => holderChange(kind, i.itemId, -1)),
        ...(counter ? [counter.down(batch.length)] : []),
      ]),
    );
  for (const batch of chunks(items, ITEMS_PER_TRANSACTION)) {
    const result = await attempt(batch);
    if (!result.canceled) {
      removed.push(...batch.map((i) => i.itemId));
      continue;
    }
    for (const item of batch) if (!(await attempt([item])).canceled) removed.push(item.itemId);
  }
  return removed;
}

/** Updates items that exist (each conditioned on it); one deleted meanwhile is left alone. */
export async function updateItems(updates: Array<() => WriteOp>): Promise<void> {
  for (const batch of chunks(updates, UPDATES_PER_TRANSACTION)) {
    const result = await withRetries(() => transact(batch.map((u) => u())));
    if (!result.canceled) continue;
    for (const update of batch) await conditionally(withRetries(() => update().go()));
  }
}
