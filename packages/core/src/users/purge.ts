import { createWriteTransaction } from "electrodb";
import { VerificationEntity } from "../auth/verification.entity.ts";
import { utcDay } from "../db.ts";
import { PendingAccountEntity } from "./pending-account.entity.ts";
import { UniqueEntity } from "./unique.entity.ts";
import { UserEntity } from "./user.entity.ts";

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
      const { data: user } = await UserEntity.get({ userId: pending.userId }).go();
      if (user?.isVerified) continue;
      const result = await createWriteTransaction(
        {
          users: UserEntity,
          unique: UniqueEntity,
          verification: VerificationEntity,
          pendingAccounts: PendingAccountEntity,
        },
        ({ users, unique, verification, pendingAccounts }) => [
          pendingAccounts.delete(pending).commit(),
          verification.delete({ userId: pending.userId }).commit(),
          ...(user
            ? [
                // The condition keeps an account that verified a moment ago.
                users
                  .delete({ userId: user.userId })
                  .where((attr, op) => op.eq(attr.isVerified, false))
                  .commit(),
                unique.delete({ kind: "username", value: user.username.toLowerCase() }).commit(),
                unique.delete({ kind: "email", value: user.email }).commit(),
              ]
            : []),
        ],
      ).go();
      if (!result.canceled) purged++;
    }
  }
  return { purged };
}
