import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { conditionCheck, isConditionFailure, itemRead, type WriteOp } from "../../adapters/dynamo/index.ts";
import { DirectoryEntity } from "./directory.entity.ts";
import { NameChangeDayEntity } from "./name-change-day.entity.ts";
import { UniqueEntity } from "./unique.entity.ts";
import { UserEntity, type User } from "./user.entity.ts";

/** What deleting an account needs to know of it, read once when the deletion is asked for. */
export interface AccountNames {
  userId: string;
  username: string;
  email: string;
}

/**
 * Whether an account exists and is not being deleted: checked on every use of a session, so a
 * deletion signs the person out everywhere with its first write.
 */
/** The plan of a live account (one read, as `isActive` makes): undefined when it is gone or being deleted. */
export async function activePlan(userId: string): Promise<User["plan"] | undefined> {
  const { data } = await UserEntity.get({ userId }).go({ attributes: ["userId", "deletedAt", "plan"] });
  return data !== null && data.deletedAt === undefined ? data.plan : undefined;
}

export async function isActive(userId: string): Promise<boolean> {
  const { data } = await UserEntity.get({ userId }).go({ attributes: ["userId", "deletedAt"] });
  return data !== null && data.deletedAt === undefined;
}

/**
 * `isActive` in the two other shapes a hot path needs: as one read of a batch with other
 * modules' reads (`getTogether`; read strongly consistent), and as a condition of a transaction (the write lands only while the
 * account exists and is not marked deleted), so it costs no request of its own.
 */
export const liveAccount = {
  read: (userId: string) =>
    itemRead<User, "userId" | "deletedAt", boolean>(
      UserEntity,
      { userId },
      ["userId", "deletedAt"],
      (user) => user !== undefined && user.deletedAt === undefined,
      { consistent: true },
    ),
  condition: (userId: string): WriteOp =>
    conditionCheck(
      UserEntity,
      { userId },
      (attr, op) => `${op.exists(attr.userId)} AND ${op.notExists(attr.deletedAt)}`,
    ),
};

/** The items of this module that account deletion writes together with its own record. */
export const deletionOps = {
  /**
   * Marks the account deleted (from then on it cannot sign in, and its sessions are refused)
   * and takes it out of the people directory. Fails when the account is gone or marked already.
   */
  markDeleted(user: AccountNames, at: number): WriteOp[] {
    return [
      UserEntity.patch({ userId: user.userId })
        .set({ deletedAt: at })
        .where((attr, op) => op.notExists(attr.deletedAt)),
      DirectoryEntity.delete({ directory: "people", usernameLower: user.username.toLowerCase() }),
    ];
  },
  /** Removes the account's own item: the last write of a deletion. */
  removeMarked(userId: string): WriteOp[] {
    return [UserEntity.delete({ userId })];
  },
};

/** Deletes an item unless its condition (that it is still this person's) fails: then it is someone else's now. */
async function deleteIfOwned(go: () => Promise<unknown>): Promise<void> {
  await go().catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}

/**
 * Frees a deleted account's username (and the former ones still reserved for it) and e-mail for anyone, and removes its directory entry and
 * name-change counts. Each claim is removed only while it still names this person, so running
 * again after someone new took the name leaves their claim alone. The user item itself goes
 * last, with the deletion's own record (`deletionOps.removeMarked`).
 */
export async function purgeNames(account: AccountNames): Promise<void> {
  const { userId } = account;
  const owned = (kind: "username" | "email", value: string) =>
    deleteIfOwned(() =>
      UniqueEntity.delete({ kind, value })
        .where((attr, op) => op.eq(attr.userId, userId))
        .go(),
    );
  // Names the person changed away from stay reserved for them: they go free with the account.
  const { data: user } = await UserEntity.get({ userId }).go({ attributes: ["formerUsernames"], consistent: true });
  const former = (user?.formerUsernames ?? []).filter((name) => name !== account.username.toLowerCase());
  await Promise.all([
    ...former.map((name) => owned("username", name)),
    owned("username", account.username.toLowerCase()),
    owned("email", account.email.toLowerCase()),
    deleteIfOwned(() =>
      DirectoryEntity.delete({ directory: "people", usernameLower: account.username.toLowerCase() })
        .where((attr, op) => op.eq(attr.userId, userId))
        .go(),
    ),
  ]);
  const { data: days } = await NameChangeDayEntity.query.byUserDay({ userId }).go({ pages: "all" });
  await deleteKeys(
    NameChangeDayEntity,
    days.map(({ day }) => ({ userId, day })),
  );
}
