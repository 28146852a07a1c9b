import type { Entity } from "electrodb";
import { UnavailableError } from "../../lib/errors/index.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEntity = Entity<any, any, any, any>;

/** Rounds of items DynamoDB left unprocessed (throttling part of a batch) before giving up with 503. */
const UNPROCESSED_ROUNDS = 8;

/**
 * Deletes items of one entity by key, in batches (ElectroDB splits them 25 to a request), and
 * asks again for the keys DynamoDB left unprocessed: when it resolves, every item is gone.
 * Deleting an item that is not there is no error, so a purge that runs twice is the same.
 */
export async function deleteKeys(entity: AnyEntity, keys: Array<Record<string, unknown>>): Promise<void> {
  let pending = keys;
  for (let round = 0; pending.length > 0; round++) {
    if (round === UNPROCESSED_ROUNDS) throw new UnavailableError();
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round * (0.5 + Math.random())));
    const result = (await entity.delete(pending).go()) as { unprocessed?: Array<Record<string, unknown>> };
    pending = result.unprocessed ?? [];
  }
}
