import { conditionally, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import type { MediaKind } from "./rules.ts";
import { addItems, CREATES_PER_TRANSACTION, withRetries } from "./shelf.ts";

/** An item to write to a shelf: created when new, updated when the shelf holds it already. */
export interface ShelfWrite {
  itemId: string;
  /** Whether it was on the shelf when last read (a guess: a race may prove it wrong). */
  exists: boolean;
  /** The item's create, conditioned on it not existing. */
  create(): WriteOp;
  /** The item's update (rating, notes…), conditioned on it existing. */
  update(): WriteOp;
}

export type StoreOutcome = "created" | "updated" | "full";

/** DynamoDB takes at most 100 items a transaction. */
const UPDATES_PER_TRANSACTION = 100;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes one item: a create (with the count and holders) or, when it is there already, an
 * update. An item deleted or added by a parallel request between the two is tried the other
 * way again, so the answer always says what the shelf now holds.
 */
export async function storeOne(userId: string, kind: MediaKind, write: ShelfWrite): Promise<StoreOutcome> {
  let exists = write.exists;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (exists) {
      if (await conditionally(withRetries(() => write.update().go()))) return "updated";
      exists = false;
      continue;
    }
    const outcome = await addItems(userId, kind, [{ itemId: write.itemId, create: write.create() }]);
    if (outcome.added) return "created";
    if (outcome.existing.length > 0) {
      exists = true;
      continue;
    }
    return "full";
  }
  // Added and deleted again by others four times over while this ran: busy, not the client's mistake.
  throw new UnavailableError();
}

/**
 * Writes many items (an import's batch) in few requests: the new ones in transactions of up to
 * 49 creates with their count and holders (the count's condition keeps the cap), the known ones
 * in transactions of up to 100 updates. A transaction that does not go through (the shelf is
 * nearly full, or a parallel import wrote one of its items) is written again one item at a time,
 * which fills the shelf exactly to its cap and finds each item as it now is.
 */
export async function storeMany(userId: string, kind: MediaKind, writes: ShelfWrite[]): Promise<StoreOutcome[]> {
  const outcomes: StoreOutcome[] = new Array<StoreOutcome>(writes.length);
  const positions = writes.map((write, position) => ({ write, position }));
  const one = async ({ write, position }: (typeof positions)[number]) => {
    outcomes[position] = await storeOne(userId, kind, write);
  };

  for (const chunk of chunks(
    positions.filter((p) => !p.write.exists),
    CREATES_PER_TRANSACTION,
  )) {
    const outcome = await addItems(
      userId,
      kind,
      chunk.map(({ write }) => ({ itemId: write.itemId, create: write.create() })),
    );
    if (outcome.added) for (const { position } of chunk) outcomes[position] = "created";
    else for (const p of chunk) await one(p);
  }

  for (const chunk of chunks(
    positions.filter((p) => p.write.exists),
    UPDATES_PER_TRANSACTION,
  )) {
    const result = await withRetries(() => transact(chunk.map(({ write }) => write.update())));
    if (!result.canceled) for (const { position } of chunk) outcomes[position] = "updated";
    else for (const p of chunk) await one(p);
  }
  return outcomes;
}
