import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { transact } from "../../adapters/dynamo/index.ts";
import { DigestPreferencesEntity } from "./digest-preferences.entity.ts";
import { DigestScheduleEntity } from "./digest-schedule.entity.ts";
import { DigestSendEntity } from "./digest-send.entity.ts";
import { slotOf } from "./schedule.ts";

/**
 * Removes everything of a deleted account this module keeps: its preferences with the schedule
 * item they point to (in one transaction, so no schedule item is ever left without the
 * preferences that find it), and its send records. Safe to run again.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const { data: preferences } = await DigestPreferencesEntity.get({ userId }).go({ consistent: true });
  if (preferences) {
    const result = await transact([
      DigestPreferencesEntity.delete({ userId }).where((attr, op) => op.eq(attr.updatedAt, preferences.updatedAt)),
      ...(preferences.nextSendAt !== undefined
        ? [DigestScheduleEntity.delete({ slot: slotOf(preferences.nextSendAt), userId })]
        : []),
    ]);
    // Changed meanwhile (a digest just sent moves the schedule): read again on the next run.
    if (result.canceled) throw new Error(`digest preferences of ${userId} changed during deletion`);
  }
  const { data: sends } = await DigestSendEntity.query
    .byUser({ userId })
    .go({ pages: "all", attributes: ["localDay"] });
  await deleteKeys(
    DigestSendEntity,
    sends.map(({ localDay }) => ({ userId, localDay })),
  );
}
