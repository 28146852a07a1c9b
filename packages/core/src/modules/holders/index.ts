import { getMany, type WriteOp } from "../../adapters/dynamo/index.ts";
import { HolderEntity } from "./holder.entity.ts";
import type { HeldKind } from "./rules.ts";

/**
 * How many people hold each item, by kind: the rarity mutual interests weigh shared items by.
 * Every module that keeps people's items of a kind changes the count in the same transaction as
 * the item itself, so the count never drifts from what people hold.
 */
export { HELD_KINDS, type HeldKind } from "./rules.ts";

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
