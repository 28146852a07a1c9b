import { getMany, type WriteOp } from "../../adapters/dynamo/index.ts";
import { HolderEntity } from "./holder.entity.ts";
import type { InterestEntry } from "../../lib/person-data/index.ts";

/**
 * How many people hold each item, by kind: the rarity mutual interests weigh shared items by.
 * Every module that keeps people's items of a kind changes the count in the same transaction as
 * the item itself, so the count never drifts from what people hold.
 */
/** The kind of item counted: the module that keeps the items names it (a book, a track, a channel, …). */
export type HeldKind = string;

/** The write that counts one more (1) or one fewer (-1) holder of an item: put it in the item's transaction. */
export const holderChange = (kind: HeldKind, itemId: string, change: 1 | -1): WriteOp =>
  HolderEntity.update({ kind, itemId }).add({ holders: change });

/** How many people hold each of `ids` (ids nobody holds are left out). */
export async function holderCounts(kind: HeldKind, ids: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  const items = await getMany<{ itemId: string; holders?: number }>(
    HolderEntity,
    unique.map((itemId) => ({ kind, itemId })),
    ["itemId", "holders"],
  );
  return new Map(items.filter((i) => (i.holders ?? 0) > 0).map((i) => [i.itemId, i.holders!]));
}

/**
 * A kind of interest whose holders are counted here: the person's items (ids and labels, read by
 * the module that keeps them), each weighed by how many people hold it.
 */
export const countedEntries =
  (kind: HeldKind, read: (userId: string) => Promise<Array<{ id: string; label: string }>>) =>
  async (userId: string): Promise<InterestEntry[]> => {
    const items = await read(userId);
    const people = await holderCounts(
      kind,
      items.map((i) => i.id),
    );
    return items.map((i) => ({ id: i.id, label: i.label, people: people.get(i.id) ?? 1 }));
  };
