import type { EntityItem } from "electrodb";
import { Resource } from "sst";
import { isConditionFailure, nowSeconds, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest } from "../../lib/errors/index.ts";
import * as Feed from "../feed/index.ts";
import { PLAN_LIMITS } from "../../lib/plans/index.ts";
import * as Users from "../users/index.ts";
import { DigestCursorEntity } from "./digest-cursor.entity.ts";
import { DigestPreferencesEntity } from "./digest-preferences.entity.ts";
import { DigestScheduleEntity } from "./digest-schedule.entity.ts";
import { DigestSendEntity } from "./digest-send.entity.ts";
import { digestEmail } from "./email.ts";
import { DigestQueue, MailQueue, enqueue, type DigestJob } from "../../adapters/queues/index.ts";
import {
  DIGEST_DEFAULTS,
  DIGEST_FIRST_LOOKBACK_MS,
  DIGEST_KINDS,
  DIGEST_MESSAGES,
  UNSUBSCRIBE_MESSAGES,
  isDigestTimeZone,
  minutesOf,
  type DigestTimeZone,
} from "./rules.ts";
import { localDateOf, localDayKey, nextSendAfter, sendOnNextDay, slotOf } from "./schedule.ts";
import * as UnsubscribeToken from "./unsubscribe-token.ts";

export { SLOT_MS, slotOf } from "./schedule.ts";
export { purgeAccount } from "./purge.ts";

export interface DigestPreferences {
  wantsEmailDigest: boolean;
  localTime: string;
  timezone: DigestTimeZone;
}

type Stored = EntityItem<typeof DigestPreferencesEntity>;

const viewOf = (data: Stored | null | undefined): DigestPreferences => ({
  wantsEmailDigest: data?.wantsEmailDigest ?? DIGEST_DEFAULTS.wantsEmailDigest,
  localTime: data?.localTime ?? DIGEST_DEFAULTS.localTime,
  timezone: data?.timezone && isDigestTimeZone(data.timezone) ? data.timezone : DIGEST_DEFAULTS.timezone,
});

const stored = async (userId: string) => (await DigestPreferencesEntity.get({ userId }).go({ consistent: true })).data;

/** The person's preferences, the defaults filling in what was never saved. */
export async function preferences(userId: string): Promise<DigestPreferences> {
  return viewOf(await stored(userId));
}

/** Saves attempted at most, when a save of the same person's preferences lands in between. */
const SAVE_ATTEMPTS = 4;

/**
 * Saves the fields given (a partial object) and answers the whole preferences. Every field is
 * checked before anything is written: one bad field changes nothing. The person's schedule item
 * moves with the change (to the slot of their next send, or away when the digest is off) in
 * the same transaction, on condition nobody saved in between.
 */
export async function updatePreferences(
  userId: string,
  changes: Partial<{ wantsEmailDigest: boolean; localTime: string; timezone: string }>,
  now = Date.now(),
): Promise<DigestPreferences> {
  const { wantsEmailDigest, localTime, timezone } = changes;
  if (wantsEmailDigest === undefined && localTime === undefined && timezone === undefined) {
    throw badRequest(DIGEST_MESSAGES.nothingToSave);
  }
  if (localTime !== undefined && minutesOf(localTime) === null) throw badRequest(DIGEST_MESSAGES.offGrid);
  if (timezone !== undefined && !isDigestTimeZone(timezone)) throw badRequest(DIGEST_MESSAGES.unknownZone);
  for (let attempt = 1; ; attempt++) {
    const current = await stored(userId);
    const next = { ...viewOf(current), ...changes } as DigestPreferences;
    const saved = await save(userId, current, next, now);
    if (saved) return next;
    if (attempt >= SAVE_ATTEMPTS) throw new Error(`digest preferences of ${userId} kept changing during a save`);
  }
}

/** Writes `next` over `current` (on condition it is still current) and moves the schedule item. */
async function save(userId: string, current: Stored | null, next: DigestPreferences, now: number): Promise<boolean> {
  const nextSendAt = next.wantsEmailDigest ? nextSendAfter(now, minutesOf(next.localTime)!, next.timezone) : undefined;
  const put = DigestPreferencesEntity.put({
    userId,
    wantsEmailDigest: next.wantsEmailDigest,
    localTime: next.localTime,
    timezone: next.timezone,
    updatedAt: Math.max(now, (current?.updatedAt ?? 0) + 1),
    ...(nextSendAt !== undefined ? { nextSendAt } : {}),
    ...(current?.lastSentAt !== undefined ? { lastSentAt: current.lastSentAt } : {}),
  }).where((attr, op) => (current ? op.eq(attr.updatedAt, current.updatedAt) : op.notExists(attr.updatedAt)));
  const result = await transact([put, ...moveSchedule(userId, current?.nextSendAt, nextSendAt)]);
  if (!result.canceled) return true;
  if (result.reasons[0] === "ConditionalCheckFailed") return false;
  throw new Error(`digest preferences of ${userId} could not be saved: ${result.reasons.join(", ")}`);
}

/** The writes that move a person's schedule item from one send time's slot to another's. */
function moveSchedule(userId: string, from: number | undefined, to: number | undefined, mustExist = false): WriteOp[] {
  const ops: WriteOp[] = [];
  const sameSlot = from !== undefined && to !== undefined && slotOf(from) === slotOf(to);
  if (from !== undefined && !sameSlot) {
    const remove = DigestScheduleEntity.delete({ slot: slotOf(from), userId });
    ops.push(mustExist ? remove.where((attr, op) => op.exists(attr.sendAt)) : remove);
  }
  if (to !== undefined) {
    const put = DigestScheduleEntity.put({ slot: slotOf(to), userId, sendAt: to });
    ops.push(sameSlot && mustExist ? put.where((attr, op) => op.eq(attr.sendAt, from)) : put);
  }
  return ops;
}

/** Slots a scheduled run catches up on at most (a week of quarter hours) after missed runs. */
const MAX_CATCH_UP_SLOTS = 7 * 24 * 4;
/** Slots an explicitly timed run (`now` given) reads back from its own. */
const EXPLICIT_RUN_SLOTS = 8;
const CURSOR = { name: "digest" };

/** The people due in slots `from`..`to` (inclusive): one query per slot, reading only them. */
export async function dueIn(from: number, to: number): Promise<Array<{ userId: string; slot: number }>> {
  const slots = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const found = await Promise.all(
    slots.map((slot) => DigestScheduleEntity.query.bySlot({ slot }).go({ pages: "all", attributes: ["userId"] })),
  );
  return found.flatMap(({ data }, i) => data.map((item) => ({ userId: item.userId, slot: slots[i]! })));
}

/**
 * The scheduled run: queues a digest for everyone whose send time has come. A scheduled run
 * reads every slot after the last one read (so a missed run leaves nobody behind) and records
 * how far it read; a run at an explicit time (local tools and tests) reads that time's slot and
 * the two hours before it, and leaves the record alone.
 */
export async function queueDue(options: { now?: number } = {}): Promise<{ due: number; slotsRead: number }> {
  const explicit = options.now !== undefined;
  const now = options.now ?? Date.now();
  const current = slotOf(now);
  let from = current - EXPLICIT_RUN_SLOTS;
  if (!explicit) {
    const { data: cursor } = await DigestCursorEntity.get(CURSOR).go({ consistent: true });
    from = cursor ? Math.max(cursor.slot + 1, current - MAX_CATCH_UP_SLOTS) : current - EXPLICIT_RUN_SLOTS;
  }
  const due = await dueIn(from, current);
  await enqueue(
    DigestQueue,
    due.map((d): DigestJob => ({ ...d, now })),
  );
  if (!explicit && from <= current) {
    // Only forward: an overlapping run that read further is not undone.
    await DigestCursorEntity.upsert({ ...CURSOR, slot: current })
      .where((attr, op) => `${op.notExists(attr.slot)} OR ${op.lt(attr.slot, current)}`)
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
  return { due: due.length, slotsRead: current - from + 1 };
}

export type SendOutcome = "sent" | "empty" | "already-sent" | "not-due";

/**
 * Sends one person's digest for the slot they were due in. Exactly once per local day: the send
 * is recorded (on condition no send of that day exists) in the transaction that moves the
 * person's schedule item to the next day (on condition it is still in this slot), before the
 * e-mail is queued; if queueing fails, the record is undone so a retry sends it.
 */
export async function send(job: DigestJob): Promise<SendOutcome> {
  const { userId, slot, now } = job;
  const [current, user, scheduled] = await Promise.all([
    stored(userId),
    Users.byId(userId),
    DigestScheduleEntity.get({ slot, userId }).go({ consistent: true }),
  ]);
  const dueAt = scheduled.data?.sendAt;
  if (dueAt === undefined || !current?.wantsEmailDigest || current.nextSendAt !== dueAt) return "not-due";
  const view = viewOf(current);
  const zone = view.timezone;
  const minutes = minutesOf(view.localTime)!;
  const localDay = localDayKey(localDateOf(dueAt, zone));
  const following = sendOnNextDay(dueAt, minutes, zone);
  if (!user) {
    // The account is gone: its schedule goes too.
    await transact(moveSchedule(userId, dueAt, undefined));
    return "not-due";
  }

  const since = current.lastSentAt ?? dueAt - DIGEST_FIRST_LOOKBACK_MS;
  const kind = DIGEST_KINDS[PLAN_LIMITS[user.plan].digest];
  const until = Math.max(now, dueAt);
  const { groupOrder, picks } = await Feed.digestPicks(userId, {
    since,
    now: until,
    count: kind.articles,
    bySupertag: kind.bySupertag,
    plan: user.plan,
  });

  // Moves the person to tomorrow's slot (on condition they are still in this one), and records
  // the day's send (on condition there is none): the last operation.
  const advance = (record: boolean) =>
    transact([
      ...moveSchedule(userId, dueAt, following, true),
      DigestPreferencesEntity.patch({ userId })
        .set({ nextSendAt: following, ...(record && picks.length > 0 ? { lastSentAt: until } : {}) })
        .where((attr, op) => op.eq(attr.nextSendAt, dueAt)),
      ...(record
        ? [
            DigestSendEntity.create({
              userId,
              localDay,
              sentAt: until,
              articles: picks.length,
              expiresAt: nowSeconds() + 14 * 24 * 60 * 60,
            }),
          ]
        : []),
    ]);
  const claimed = await advance(true);
  if (claimed.canceled) {
    const sentToday = claimed.reasons.at(-1) === "ConditionalCheckFailed";
    const moved = claimed.reasons.slice(0, -1).includes("ConditionalCheckFailed");
    // Taken by another run, or the person changed their time meanwhile: theirs to handle.
    if (moved) return "not-due";
    if (sentToday) {
      // Today's digest went out before (the person moved their time later the same day):
      // tomorrow's is next.
      await advance(false);
      return "already-sent";
    }
    return "not-due";
  }
  if (picks.length === 0) return "empty";

  const siteUrl = Resource.Config.siteUrl.replace(/\/$/, "");
  const token = encodeURIComponent(UnsubscribeToken.sign(userId, until));
  try {
    await enqueue(MailQueue, [
      digestEmail({
        to: user.email,
        username: user.username,
        dayLabel: localDay,
        groupOrder,
        picks,
        siteUrl,
        unsubscribeUrl: `${siteUrl}/unsubscribe?token=${token}`,
        oneClickUrl: `${siteUrl}/api/digest/unsubscribe?token=${token}`,
      }),
    ]);
  } catch (error) {
    // Not sent: put the person back in this slot and forget the send, so the retry sends it.
    await transact([
      ...moveSchedule(userId, following, dueAt),
      current.lastSentAt !== undefined
        ? DigestPreferencesEntity.patch({ userId }).set({ nextSendAt: dueAt, lastSentAt: current.lastSentAt })
        : DigestPreferencesEntity.patch({ userId }).set({ nextSendAt: dueAt }).remove(["lastSentAt"]),
      DigestSendEntity.delete({ userId, localDay }),
    ]);
    throw error;
  }
  return "sent";
}

/**
 * Turns the digest off for the person an unsubscribe token names: no sign-in, the token is the
 * authority. A tampered or expired token is refused and changes nothing.
 */
export async function unsubscribe(token: string, now = Date.now()): Promise<void> {
  const userId = UnsubscribeToken.verify(token, now);
  if (!userId) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid, "invalid_token");
  await updatePreferences(userId, { wantsEmailDigest: false }, now);
}

/** A signed unsubscribe token for a person (for tests and tools; digests sign their own). */
export const unsubscribeToken = (userId: string, now = Date.now()) => UnsubscribeToken.sign(userId, now);

/** The local days a person's digests went out on, newest first. */
export async function sends(userId: string): Promise<Array<{ localDay: string; articles: number }>> {
  const { data } = await DigestSendEntity.query.byUser({ userId }).go({ order: "desc", limit: 30 });
  return data.map((d) => ({ localDay: d.localDay, articles: d.articles }));
}
export { personData } from "./person-data.ts";
