import { randomUUID } from "node:crypto";
import { retryWhileUnavailable, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest, UnavailableError } from "../../lib/errors/index.ts";
import { ProfileCountsEntity } from "./profile-counts.entity.ts";

/** Transactions that lost a race with another on the same count are tried again this often. */
const ATTEMPTS = 8;

type Counted = "thoughts" | "websites";

/** An id that sorts by creation time (newest last), so a query in reverse reads newest first. */
export const timeOrderedId = (now: number) => `${now.toString(36).padStart(10, "0")}-${randomUUID().slice(0, 8)}`;

const withRetries = <T>(work: () => Promise<T>) => retryWhileUnavailable(work, ATTEMPTS);

/** Writes `item` and adds one to the person's `kind` count, in one transaction that keeps it within `max`. */
export async function addCounted(userId: string, kind: Counted, max: number, item: WriteOp, tooMany: string) {
  const result = await withRetries(() =>
    transact([
      ProfileCountsEntity.update({ userId })
        .add({ [kind]: 1 })
        .where((attr, op) => `${op.notExists(attr[kind])} OR ${op.lt(attr[kind], max)}`),
      item,
    ]),
  );
  if (result.canceled) {
    if (result.reasons[0] === "ConditionalCheckFailed") throw badRequest(tooMany, "limit_reached");
    throw new UnavailableError();
  }
}

/** Deletes `item` (its condition: that it exists) and takes one off the count; false when it did not exist. */
export async function removeCounted(userId: string, kind: Counted, item: WriteOp): Promise<boolean> {
  const result = await withRetries(() => transact([item, ProfileCountsEntity.update({ userId }).add({ [kind]: -1 })]));
  return !result.canceled;
}
