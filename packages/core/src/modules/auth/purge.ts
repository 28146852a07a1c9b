import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { utcDay } from "../../adapters/dynamo/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import { loginBucketOf } from "./confirm-password.ts";
import { DeviceEntity } from "./device.entity.ts";
import { PendingAccountEntity } from "./pending-account.entity.ts";
import { ResetTokenEntity } from "./reset-token.entity.ts";
import { endAll } from "./sessions.ts";
import { VerificationEntity } from "./verification.entity.ts";

/**
 * Removes everything of a deleted account this module keeps: its sessions (signed out
 * everywhere; session checks refuse the account already), remembered browsers, reset links,
 * verification code, unverified marker and log-in limit. Safe to run again.
 */
export async function purgeAccount(account: { userId: string; createdAt: number }): Promise<void> {
  const { userId, createdAt } = account;
  await endAll(userId);
  const [devices, tokens] = await Promise.all([
    DeviceEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["tokenHash"] }),
    ResetTokenEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["tokenHash"] }),
  ]);
  await Promise.all([
    deleteKeys(
      DeviceEntity,
      devices.data.map(({ tokenHash }) => ({ tokenHash })),
    ),
    deleteKeys(
      ResetTokenEntity,
      tokens.data.map(({ tokenHash }) => ({ tokenHash })),
    ),
    VerificationEntity.delete({ userId }).go(),
    PendingAccountEntity.delete({ day: utcDay(createdAt), createdAt, userId }).go(),
    RateLimit.purge(loginBucketOf(userId)),
  ]);
}
