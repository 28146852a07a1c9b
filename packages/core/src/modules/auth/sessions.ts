import {
  conditionCheck,
  getTogether,
  isConditionFailure,
  itemRead,
  nowSeconds,
  type WriteOp,
} from "../../adapters/dynamo/index.ts";
import * as Users from "../users/index.ts";
import { randomToken, sha256 } from "../../lib/util/index.ts";
import type { Plan } from "../../lib/plans/index.ts";
import type { EntityItem } from "electrodb";
import { SessionEntity } from "./session.entity.ts";

type SessionItem = EntityItem<typeof SessionEntity>;

/** A session ends after this long without use... */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** ...and after this long in any case. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** Sliding the idle expiry is a write; do it at most this often per session. */
const SLIDE_EVERY_SECONDS = 60 * 60;

export interface Session {
  userId: string;
  tokenHash: string;
  /** The person's plan as the session's check of the account read it: a downgrade shows at the next request. */
  plan: Plan;
}

/** Starts a session and answers the opaque token (256 bits) for the cookie. */
export async function create(userId: string): Promise<{ token: string; maxAge: number }> {
  const token = randomToken(32);
  const now = nowSeconds();
  await SessionEntity.create({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    absoluteExpiresAt: now + SESSION_ABSOLUTE_SECONDS,
    expiresAt: now + SESSION_IDLE_SECONDS,
  }).go();
  return { token, maxAge: SESSION_ABSOLUTE_SECONDS };
}

/** The live session behind a cookie token, sliding its idle expiry; undefined when ended. */
export async function read(token: string | undefined): Promise<Session | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = sha256(token);
  const { data } = await SessionEntity.get({ tokenHash }).go();
  if (!data) return undefined;
  const now = nowSeconds();
  // DynamoDB's TTL deletes lazily, so expiry is always checked here as well.
  if (data.expiresAt <= now || data.absoluteExpiresAt <= now) return undefined;
  // A deleted account's sessions end with the write that marks it, before they are swept away.
  const plan = await Users.activePlan(data.userId);
  if (!plan) return undefined;
  const slid = Math.min(now + SESSION_IDLE_SECONDS, data.absoluteExpiresAt);
  if (slid - data.expiresAt >= SLIDE_EVERY_SECONDS) {
    // patch requires the item: a session ended meanwhile (log-out elsewhere) is not revived.
    const slidOk = await SessionEntity.patch({ tokenHash })
      .set({ expiresAt: slid })
      .go()
      .then(
        () => true,
        (error: unknown) => {
          if (isConditionFailure(error)) return false;
          throw error;
        },
      );
    if (!slidOk) return undefined;
  }
  return { userId: data.userId, tokenHash, plan };
}

/** A socket's owner: the person, and the key of the session that opened it (none: only the account counts). */
export interface SessionOwner {
  userId: string;
  sessionHash?: string | undefined;
}

/**
 * Whether a socket opened by a session may still act: the session (named by its key) has not
 * ended or expired, it is the person's, and their account is live (not deleted, not being
 * deleted). Without a session key only the account is checked. One read of both items (consistent);
 * slides nothing.
 */
export async function isCurrent(owner: SessionOwner): Promise<boolean> {
  const live = Users.liveAccount.read(owner.userId);
  if (owner.sessionHash === undefined) return (await getTogether({ live })).live;
  const now = nowSeconds();
  const session = itemRead<SessionItem, "userId" | "expiresAt" | "absoluteExpiresAt", boolean>(
    SessionEntity,
    { tokenHash: owner.sessionHash },
    ["userId", "expiresAt", "absoluteExpiresAt"],
    (s) => s !== undefined && s.userId === owner.userId && s.expiresAt > now && s.absoluteExpiresAt > now,
    { consistent: true },
  );
  const answers = await getTogether({ live, session });
  return answers.live && answers.session;
}

/**
 * `isCurrent` as conditions of a transaction: its writes land only while the session lasts (as
 * of `now`) and the account is live, and are refused otherwise, with no read first. A socket's
 * send holds itself to these.
 */
export function currentConditions(owner: SessionOwner, now = nowSeconds()): WriteOp[] {
  return [
    ...(owner.sessionHash === undefined
      ? []
      : [
          conditionCheck(
            SessionEntity,
            { tokenHash: owner.sessionHash },
            (attr, op) =>
              `${op.eq(attr.userId, owner.userId)} AND ${op.gt(attr.expiresAt, now)} AND ${op.gt(attr.absoluteExpiresAt, now)}`,
          ),
        ]),
    Users.liveAccount.condition(owner.userId),
  ];
}

export async function end(token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await SessionEntity.delete({ tokenHash: sha256(token) }).go();
}

/** Ends every session of a person (password reset, account deletion). */
export async function endAll(userId: string): Promise<void> {
  const { data } = await SessionEntity.query.byUser({ userId }).go({ pages: "all" });
  if (data.length) await SessionEntity.delete(data.map(({ tokenHash }) => ({ tokenHash }))).go();
}
