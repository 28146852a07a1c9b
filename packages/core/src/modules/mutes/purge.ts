import { MuteListEntity } from "./mute-list.entity.ts";

/** Removes a deleted account's feed filters, muted words and advanced ones alike (one item; deleting it again is fine). */
export async function purgeAccount(userId: string): Promise<void> {
  await MuteListEntity.delete({ userId }).go();
}
