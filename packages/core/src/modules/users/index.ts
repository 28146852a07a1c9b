import { getMany, isConditionFailure, itemRead, type WriteOp } from "../../adapters/dynamo/index.ts";
import { DirectoryEntity } from "./directory.entity.ts";
import { holds } from "./names.ts";
import { invalidate as invalidateDirectory } from "./search.ts";
import { UniqueEntity } from "./unique.entity.ts";
import { UserEntity, type User } from "./user.entity.ts";

export type { User } from "./user.entity.ts";
export { searchPeople } from "./search.ts";
export { activePlan, isActive, liveAccount, purgeNames, deletionOps, type AccountNames } from "./deletion.ts";
export { byUsername, changeUsername, isUsernameAvailable } from "./names.ts";

export async function byId(userId: string): Promise<User | undefined> {
  const { data } = await UserEntity.get({ userId }).go();
  // An account being deleted is gone for everyone from the moment it was marked.
  return data && data.deletedAt === undefined ? data : undefined;
}

/**
 * `byId(userId)?.username` as one read of a batch with other modules' reads (`getTogether`),
 * for a hot path that needs the name and something else at the same moment: none for a missing
 * or deleted account.
 */
export const accountNameRead = (userId: string) =>
  itemRead<User, "username" | "deletedAt", string | undefined>(
    UserEntity,
    { userId },
    ["username", "deletedAt"],
    (u) => (u && u.deletedAt === undefined ? u.username : undefined),
  );

/**
 * The plan of an account, as `byId` would find it (undefined for none, or one being deleted):
 * a read for `getTogether`, where it goes with other modules' reads of the same request.
 */
export const planRead = (userId: string) =>
  itemRead<User, "plan" | "deletedAt", User["plan"] | undefined>(UserEntity, { userId }, ["plan", "deletedAt"], (u) =>
    u && u.deletedAt === undefined ? u.plan : undefined,
  );

/** Accounts by id, in one batch read per 100 (missing and deleted ones left out): `userId` → account. */
export async function byIds(userIds: string[]): Promise<Map<string, Pick<User, "userId" | "username" | "isVerified">>> {
  if (userIds.length === 0) return new Map();
  const data = await getMany<Pick<User, "userId" | "username" | "isVerified" | "deletedAt">>(
    UserEntity,
    [...new Set(userIds)].map((userId) => ({ userId })),
    ["userId", "username", "isVerified", "deletedAt"],
  );
  return new Map(data.filter((u) => u.deletedAt === undefined).map((u) => [u.userId, u]));
}

/** Finds an account by username or e-mail, case-insensitively. */
export async function byIdentifier(identifier: string): Promise<User | undefined> {
  const value = identifier.trim().toLowerCase();
  const kind = value.includes("@") ? "email" : "username";
  const { data } = await UniqueEntity.get({ kind, value }).go();
  // An old username kept reserved for its owner no longer signs anyone in.
  return data && data.reservedUntil === undefined ? byId(data.userId) : undefined;
}

export async function byEmail(email: string): Promise<User | undefined> {
  const { data } = await UniqueEntity.get({ kind: "email", value: email.trim().toLowerCase() }).go();
  return data ? byId(data.userId) : undefined;
}

/** Whether a username or e-mail is already claimed (a cheap check before the transaction that decides). */
export async function isTaken(username: string, email: string): Promise<boolean> {
  const [byName, byMail] = await Promise.all([
    UniqueEntity.get({ kind: "username", value: username.toLowerCase() }).go(),
    UniqueEntity.get({ kind: "email", value: email }).go(),
  ]);
  const now = Date.now();
  return holds(byName.data ?? undefined, now) || holds(byMail.data ?? undefined, now);
}

/** What the rest of the product may know about an account (never the password hash). */
export function publicView(user: User) {
  return {
    userId: user.userId,
    username: user.username,
    email: user.email,
    isVerified: user.isVerified,
    plan: user.plan,
    isNewUser: !user.hasOnboarded,
  };
}

export async function setHasOnboarded(userId: string): Promise<void> {
  await UserEntity.patch({ userId }).set({ hasOnboarded: true }).go();
}

/**
 * Sets the plan from billing state read at `at` (ms), unless state read later already set it:
 * webhooks handled at once, or out of order, leave the newest reading. False when refused.
 */
export async function setPlan(userId: string, plan: User["plan"], at: number): Promise<boolean> {
  try {
    await UserEntity.patch({ userId })
      .set({ plan, planAt: at })
      .where((a, op) => `${op.notExists(a.planAt)} OR ${op.lt(a.planAt, at)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims the bot's one introduction to a person whose plan lacks the chat bot, for one message:
 * true for the first message that claims it (and for that message again, so a resend is answered
 * as the first try would have been), false for every other message, however many arrive at once.
 */
export async function claimBotIntroduction(userId: string, messageId: string): Promise<boolean> {
  try {
    await UserEntity.patch({ userId })
      .set({ botIntroducedFor: messageId })
      .where((a, op) => `${op.notExists(a.botIntroducedFor)} OR ${op.eq(a.botIntroducedFor, messageId)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function setPasswordHash(userId: string, passwordHash: string): Promise<void> {
  await UserEntity.patch({ userId }).set({ passwordHash }).go();
}

/** A change this process made to the directory: its own searches see it at once. */
export const directoryChanged = invalidateDirectory;

/**
 * The items of this module that account transactions write together with other modules'
 * items (see `transact` in db.ts): each fails its condition when it would break uniqueness or
 * lose a change made in the meantime.
 */
export const ops = {
  /** A new, unverified account and its claims on the username and e-mail. */
  create(input: {
    userId: string;
    username: string;
    email: string;
    passwordHash: string;
    createdAt: number;
  }): WriteOp[] {
    // A claim is free when absent or when it is an old name whose reservation has ended.
    const now = Date.now();
    const claim = (kind: "username" | "email", value: string) =>
      UniqueEntity.put({ kind, value, userId: input.userId }).where(
        (attr, op) => `${op.notExists(attr.userId)} OR ${op.lt(attr.reservedUntil, now)}`,
      );
    return [UserEntity.create(input), claim("username", input.username.toLowerCase()), claim("email", input.email)];
  },
  /**
   * A new account whose e-mail a sign-in provider (Google) has verified: verified from the start,
   * listed in the directory, and with no password (an empty hash matches none). Its items, in
   * this order: the account, the username claim, the e-mail claim, the directory entry.
   */
  createVerified(input: { userId: string; username: string; email: string; createdAt: number }): WriteOp[] {
    const now = Date.now();
    const claim = (kind: "username" | "email", value: string) =>
      UniqueEntity.put({ kind, value, userId: input.userId }).where(
        (attr, op) => `${op.notExists(attr.userId)} OR ${op.lt(attr.reservedUntil, now)}`,
      );
    return [
      UserEntity.create({ ...input, passwordHash: "", isVerified: true }),
      claim("username", input.username.toLowerCase()),
      claim("email", input.email),
      DirectoryEntity.put({
        usernameLower: input.username.toLowerCase(),
        username: input.username,
        userId: input.userId,
      }),
    ];
  },
  /** Marks an account verified and lists it in the people directory. */
  markVerified(user: Pick<User, "userId" | "username">): WriteOp[] {
    return [
      UserEntity.patch({ userId: user.userId }).set({ isVerified: true }),
      DirectoryEntity.put({
        usernameLower: user.username.toLowerCase(),
        username: user.username,
        userId: user.userId,
      }),
    ];
  },
  /** Removes an account that never verified, freeing its username and e-mail; fails if it verified meanwhile. */
  removeUnverified(user: Pick<User, "userId" | "username" | "email">): WriteOp[] {
    return [
      UserEntity.delete({ userId: user.userId }).where((attr, op) => op.eq(attr.isVerified, false)),
      UniqueEntity.delete({ kind: "username", value: user.username.toLowerCase() }),
      UniqueEntity.delete({ kind: "email", value: user.email }),
    ];
  },
};
export { personData } from "./person-data.ts";
