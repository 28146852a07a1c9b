import { transact, utcDay } from "../../adapters/dynamo/index.ts";
import * as Users from "../users/index.ts";
import { PendingAccountEntity } from "./pending-account.entity.ts";
import { VerificationEntity } from "./verification.entity.ts";

/** Sign-ups never verified within this many days are removed, freeing name and e-mail. */
export const UNVERIFIED_GRACE_DAYS = 7;
/** How far back the job looks; older day partitions were handled by earlier runs. */
const LOOKBACK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes accounts that signed up before the grace period and never verified. */
export async function purgeUnverified(now = Date.now()): Promise<{ purged: number }> {
  const cutoff = now - UNVERIFIED_GRACE_DAYS * DAY_MS;
  let purged = 0;
  for (let back = LOOKBACK_DAYS; back >= UNVERIFIED_GRACE_DAYS; back--) {
    const day = utcDay(now - back * DAY_MS);
    const { data } = await PendingAccountEntity.query.byDay({ day }).go({ pages: "all" });
    for (const pending of data.filter((p) => p.createdAt < cutoff)) {
      const user = await Users.byId(pending.userId);
      if (user?.isVerified) continue;
      // The user's condition keeps an account that verified a moment ago.
      const result = await transact([
        PendingAccountEntity.delete(pending),
        VerificationEntity.delete({ userId: pending.userId }),
        ...(user ? Users.ops.removeUnverified(user) : []),
      ]);
      if (!result.canceled) purged++;
    }
  }
  return { purged };
}
