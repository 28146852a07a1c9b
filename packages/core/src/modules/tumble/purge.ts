import { WrittenListEntity } from "./written-list.entity.ts";

/** Removes a deleted account's written tumble-word list (one item; deleting it again is fine). */
export async function purgeAccount(userId: string): Promise<void> {
  await WrittenListEntity.delete({ userId }).go();
}
