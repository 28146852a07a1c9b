import { purgeConnects } from "./connect.ts";
import { purgeRates } from "./rates.ts";
import { unschedule } from "./schedule.ts";
import { channelsOf, removeAll } from "./store.ts";

/** Removes everything of a deleted account: its channels (revoked), connects, schedule and rates. Idempotent. */
export async function purgeAccount(userId: string): Promise<void> {
  const channelIds = (await channelsOf(userId)).map((c) => c.channelId);
  await removeAll(userId);
  await Promise.all([purgeConnects(userId), unschedule(userId), purgeRates(userId, channelIds)]);
}
