import { isConditionFailure, transact, utcDay, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest, conflict, notFound, RateLimitedError, UnavailableError } from "../../lib/errors/index.ts";
import { DirectoryEntity } from "./directory.entity.ts";
import { NameChangeDayEntity } from "./name-change-day.entity.ts";
import { USERNAME_CHANGES_PER_DAY, USERNAME_MESSAGES, USERNAME_RESERVED_DAYS } from "./rules.ts";
import { invalidate as invalidateDirectory } from "./search.ts";
import { UniqueEntity } from "./unique.entity.ts";
import { UserEntity, type User } from "./user.entity.ts";
import { log } from "../../lib/observability/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reserved names linger this long past their reservation before the table's TTL removes them. */
const TTL_GRACE_DAYS = 7;
/** A rename that lost a race with another rename of the same person is tried again this often. */
const ATTEMPTS = 8;

interface Claim {
  userId: string;
  reservedUntil?: number;
}

/** Whether a claim on a name still holds (a reserved old name holds until its reservation ends). */
export const holds = (claim: Claim | undefined, now: number): claim is Claim =>
  claim !== undefined && (claim.reservedUntil === undefined || claim.reservedUntil > now);

async function claimOf(name: string): Promise<Claim | undefined> {
  const { data } = await UniqueEntity.get({ kind: "username", value: name.toLowerCase() }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Whether `name` is free for `forUserId` (or for anyone, without it): nobody holds it, or its
 * holder is that person (their current name, or an old one still reserved for them).
 */
export async function isUsernameAvailable(name: string, forUserId?: string, now = Date.now()): Promise<boolean> {
  const claim = await claimOf(name);
  return !holds(claim, now) || claim.userId === forUserId;
}

/**
 * The verified person a name leads to: their current name, or an old one still reserved for
 * them (so a link to the old name finds them; the answer carries the current name).
 */
export async function byUsername(name: string, now = Date.now()): Promise<User | undefined> {
  const claim = await claimOf(name);
  if (!holds(claim, now)) return undefined;
  const { data } = await UserEntity.get({ userId: claim.userId }).go();
  // An account being deleted is gone for everyone from the moment it was marked.
  return data?.isVerified && data.deletedAt === undefined ? data : undefined;
}

/**
 * Changes a person's username. The day's count goes up first, in one conditional write (at most
 * USERNAME_CHANGES_PER_DAY a UTC day, whatever arrives at once); then one transaction moves the
 * name: the new claim (free, or the person's own reserved old name), the old claim kept for its
 * owner for USERNAME_RESERVED_DAYS, the user and the directory. A rename that fails for any
 * reason gives its count back.
 */
export async function changeUsername(
  userId: string,
  requested: string,
  now = Date.now(),
): Promise<{ username: string }> {
  const username = requested.trim();
  const first = await UserEntity.get({ userId }).go({ consistent: true });
  if (!first.data) throw notFound("No such user.");
  if (first.data.username === username) throw badRequest(USERNAME_MESSAGES.unchanged);
  // A cheap read turns a taken name away before it costs one of the day's changes.
  if (!(await isUsernameAvailable(username, userId, now))) throw conflict(USERNAME_MESSAGES.taken, "username_taken");

  const day = utcDay(now);
  const counted = await NameChangeDayEntity.update({ userId, day })
    .add({ count: 1 })
    .set({ expiresAt: Math.floor(now / 1000) + 2 * 24 * 60 * 60 })
    .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, USERNAME_CHANGES_PER_DAY)}`)
    .go()
    .then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
  if (!counted) {
    const tomorrow = Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
    throw new RateLimitedError(USERNAME_MESSAGES.outOfChanges, Math.max(1, Math.ceil((tomorrow - now) / 1000)));
  }
  try {
    return await move(userId, username, now);
  } catch (error) {
    // Giving the change back is a courtesy: if it fails too, the person has one change fewer
    // today, which is said in the log rather than hiding the rename's own failure.
    await NameChangeDayEntity.update({ userId, day })
      .add({ count: -1 })
      .go()
      .catch((refund: unknown) => log.error("users: a name change not given back", { userId, error: refund }));
    throw error;
  }
}

async function move(userId: string, username: string, now: number): Promise<{ username: string }> {
  const reservedUntil = now + USERNAME_RESERVED_DAYS * DAY_MS;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { data: user } = await UserEntity.get({ userId }).go({ consistent: true });
    if (!user) throw notFound("No such user.");
    if (user.username === username) return { username };
    const oldLower = user.username.toLowerCase();
    const newLower = username.toLowerCase();
    const { data: listed } = await DirectoryEntity.get({ directory: "people", usernameLower: oldLower }).go();
    const renamed = UserEntity.patch({ userId }).set({ username });
    const ops: WriteOp[] = [
      // Only over the name just read: a rename in the meantime makes this one read again. The
      // old name is remembered, so deleting the account frees it too.
      (newLower !== oldLower ? renamed.add({ formerUsernames: [oldLower] }) : renamed).where((attr, op) =>
        op.eq(attr.username, user.username),
      ),
    ];
    if (newLower !== oldLower) {
      ops.push(
        UniqueEntity.put({ kind: "username", value: newLower, userId }).where(
          (attr, op) =>
            `${op.notExists(attr.userId)} OR ${op.lt(attr.reservedUntil, now)} OR ${op.eq(attr.userId, userId)}`,
        ),
        UniqueEntity.patch({ kind: "username", value: oldLower })
          .set({ reservedUntil, expiresAt: Math.floor(reservedUntil / 1000) + TTL_GRACE_DAYS * 24 * 60 * 60 })
          .where((attr, op) => op.eq(attr.userId, userId)),
      );
      if (user.isVerified) ops.push(DirectoryEntity.delete({ directory: "people", usernameLower: oldLower }));
    }
    if (user.isVerified) {
      ops.push(
        DirectoryEntity.put({
          usernameLower: newLower,
          username,
          userId,
          ...(listed?.imageUrl ? { imageUrl: listed.imageUrl } : {}),
        }),
      );
    }
    const result = await transact(ops);
    if (!result.canceled) {
      invalidateDirectory();
      return { username };
    }
    // The new claim's condition failed: someone holds the name.
    if (newLower !== oldLower && result.reasons[1] === "ConditionalCheckFailed") {
      throw conflict(USERNAME_MESSAGES.taken, "username_taken");
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
  }
  throw new UnavailableError();
}
