import type { EntityItem } from "electrodb";
import { Resource } from "sst";
import { isConditionFailure, nowSeconds, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest } from "../../lib/errors/index.ts";
import { count } from "../../lib/observability/index.ts";
import * as Feed from "../feed/index.ts";
import * as FollowingFeed from "../following-feed/index.ts";
import { PLAN_LIMITS, planIncludes, requireFeature } from "../../lib/plans/index.ts";
import * as Users from "../users/index.ts";
import { DigestCursorEntity } from "./digest-cursor.entity.ts";
import { DigestPreferencesEntity } from "./digest-preferences.entity.ts";
import { DigestScheduleEntity } from "./digest-schedule.entity.ts";
import { DigestSendEntity } from "./digest-send.entity.ts";
import { digestEmail } from "./email.ts";
import { DigestQueue, MailQueue, enqueue, type DigestJob } from "../../adapters/queues/index.ts";
import {
  DIGEST_ADVANCED_DEFAULTS,
  DIGEST_DAYS,
  DIGEST_DEFAULTS,
  DIGEST_FIRST_LOOKBACK_MS,
  DIGEST_FOLLOWING,
  DIGEST_KINDS,
  DIGEST_MAX_TIMES,
  DIGEST_MESSAGES,
  UNSUBSCRIBE_MESSAGES,
  isDigestDay,
  isDigestTimeZone,
  minutesOf,
  type DigestDay,
  type DigestSections,
  type DigestTimeZone,
} from "./rules.ts";
import { digestAt, localDateOf, localDayKey, nextWakeAfter, slotOf, type DigestTimes } from "./schedule.ts";
import * as UnsubscribeToken from "./unsubscribe-token.ts";

export { SLOT_MS, slotOf, localDateOf, localDayKey, nextSendAfter } from "./schedule.ts";
export { purgeAccount } from "./purge.ts";

export interface DigestPreferences {
  wantsEmailDigest: boolean;
  /** The first of `times`: the standard digest's time (the field the preferences always had). */
  localTime: string;
  timezone: DigestTimeZone;
  /** The advanced digest's days, Monday first. */
  days: DigestDay[];
  /** The advanced digest's times, 1 to 3, the first `localTime`. */
  times: string[];
  sections: DigestSections;
}

/** What a save may change (any of it; the advanced fields need a plan with advanced digests). */
export interface DigestChanges {
  wantsEmailDigest?: boolean;
  localTime?: string;
  timezone?: string;
  days?: string[];
  times?: string[];
  sections?: Partial<DigestSections>;
}

type Stored = EntityItem<typeof DigestPreferencesEntity>;

const inWeekOrder = (days: readonly string[]): DigestDay[] => DIGEST_DAYS.filter((d) => days.includes(d));

const viewOf = (data: Stored | null | undefined): DigestPreferences => {
  const localTime = data?.localTime ?? DIGEST_DEFAULTS.localTime;
  const days = inWeekOrder(data?.days ?? []);
  return {
    wantsEmailDigest: data?.wantsEmailDigest ?? DIGEST_DEFAULTS.wantsEmailDigest,
    localTime,
    timezone: data?.timezone && isDigestTimeZone(data.timezone) ? data.timezone : DIGEST_DEFAULTS.timezone,
    days: days.length > 0 ? days : [...DIGEST_ADVANCED_DEFAULTS.days],
    times: [localTime, ...(data?.moreTimes ?? [])],
    sections: { ...DIGEST_ADVANCED_DEFAULTS.sections, ...data?.sections },
  };
};

/** The schedule's view of the preferences: minutes after midnight and days as numbers. */
const timesOf = (preferences: DigestPreferences): DigestTimes => ({
  minutes: preferences.times.map((t) => minutesOf(t)!),
  days: new Set(preferences.days.map((d) => DIGEST_DAYS.indexOf(d))),
});

const stored = async (userId: string) => (await DigestPreferencesEntity.get({ userId }).go({ consistent: true })).data;

/** The person's preferences, the defaults filling in what was never saved. */
export async function preferences(userId: string): Promise<DigestPreferences> {
  return viewOf(await stored(userId));
}

/**
 * The person's daily digest time, as minutes after local midnight and their zone (the
 * defaults when never saved), whether or not the e-mail is on: the bot posts their picks then.
 */
export async function dailyTime(userId: string): Promise<{ minutes: number; zone: DigestTimeZone }> {
  const view = await preferences(userId);
  return { minutes: minutesOf(view.localTime) ?? 0, zone: view.timezone };
}

/** Saves attempted at most, when a save of the same person's preferences lands in between. */
const SAVE_ATTEMPTS = 4;

/** Checks the changes' values, before anything is read or written: 400 for the first bad one. */
function checkChanges(changes: DigestChanges): void {
  const { wantsEmailDigest, localTime, timezone, days, times, sections } = changes;
  if ([wantsEmailDigest, localTime, timezone, days, times, sections].every((v) => v === undefined)) {
    throw badRequest(DIGEST_MESSAGES.nothingToSave);
  }
  if (localTime !== undefined && minutesOf(localTime) === null) throw badRequest(DIGEST_MESSAGES.offGrid);
  if (timezone !== undefined && !isDigestTimeZone(timezone)) throw badRequest(DIGEST_MESSAGES.unknownZone);
  if (days !== undefined) {
    if (days.length === 0) throw badRequest(DIGEST_MESSAGES.noDays);
    if (!days.every(isDigestDay)) throw badRequest(DIGEST_MESSAGES.unknownDay);
  }
  if (times !== undefined) {
    if (times.length === 0) throw badRequest(DIGEST_MESSAGES.noTimes);
    if (times.length > DIGEST_MAX_TIMES) throw badRequest(DIGEST_MESSAGES.tooManyTimes);
    if (times.some((t) => minutesOf(t) === null)) throw badRequest(DIGEST_MESSAGES.offGrid);
    if (new Set(times).size !== times.length) throw badRequest(DIGEST_MESSAGES.repeatedTime);
    if (localTime !== undefined && localTime !== times[0]) throw badRequest(DIGEST_MESSAGES.timesDisagree);
  }
}

/** The preferences with the changes applied (checked already). */
function withChanges(view: DigestPreferences, changes: DigestChanges): DigestPreferences {
  // A new first time alone keeps the others, less one it now repeats.
  const times =
    changes.times ??
    (changes.localTime !== undefined
      ? [changes.localTime, ...view.times.slice(1).filter((t) => t !== changes.localTime)]
      : view.times);
  return {
    wantsEmailDigest: changes.wantsEmailDigest ?? view.wantsEmailDigest,
    localTime: times[0]!,
    timezone: (changes.timezone as DigestTimeZone | undefined) ?? view.timezone,
    days: changes.days ? inWeekOrder(changes.days) : view.days,
    times: [...times],
    sections: { ...view.sections, ...changes.sections },
  };
}

/**
 * Saves the fields given (a partial object) and answers the whole preferences. Every field is
 * checked before anything is written: one bad field changes nothing. The days, times and
 * sections are the advanced digest's: a plan without it is refused them (403 `plan_required`),
 * though what was saved on a plan with it is kept. The person's schedule item moves with the
 * change (to the slot of their next send, or away when the digest is off) in the same
 * transaction, on condition nobody saved in between.
 */
export async function updatePreferences(
  userId: string,
  changes: DigestChanges,
  now = Date.now(),
): Promise<DigestPreferences> {
  checkChanges(changes);
  if (changes.days !== undefined || changes.times !== undefined || changes.sections !== undefined) {
    const user = await Users.byId(userId);
    requireFeature(user?.plan ?? "free", "advancedDigests");
  }
  for (let attempt = 1; ; attempt++) {
    const current = await stored(userId);
    const next = withChanges(viewOf(current), changes);
    const saved = await save(userId, current, next, now);
    if (saved) return next;
    if (attempt >= SAVE_ATTEMPTS) throw new Error(`digest preferences of ${userId} kept changing during a save`);
  }
}

/** Writes `next` over `current` (on condition it is still current) and moves the schedule item. */
async function save(userId: string, current: Stored | null, next: DigestPreferences, now: number): Promise<boolean> {
  const nextSendAt = next.wantsEmailDigest ? nextWakeAfter(now, timesOf(next), next.timezone) : undefined;
  const put = DigestPreferencesEntity.put({
    userId,
    wantsEmailDigest: next.wantsEmailDigest,
    localTime: next.localTime,
    timezone: next.timezone,
    days: next.days,
    moreTimes: next.times.slice(1),
    sections: next.sections,
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
  count("DigestsQueued", due.length);
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

export type SendOutcome = "sent" | "empty" | "already-sent" | "not-due" | "skipped";

/**
 * Sends one person's digest for the slot they were due in. Exactly once per time of a local
 * day: the send is recorded (on condition no send of that time and day exists) in the
 * transaction that moves the person's schedule item to their next time (on condition it is
 * still in this slot), before the e-mail is queued; if queueing fails, the record is undone so
 * a retry sends it. The plan decides, now, what goes out: with advanced digests, the chosen
 * days and times and sections; without, the standard digest every day at the first time (a
 * wake the plan does not send at moves on and sends nothing: "skipped").
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
  const times = timesOf(view);
  const following = nextWakeAfter(dueAt, times, zone);
  if (!user) {
    // The account is gone: its schedule goes too.
    await transact(moveSchedule(userId, dueAt, undefined));
    return "not-due";
  }
  const advanced = planIncludes(user.plan, "advancedDigests");
  const nth = digestAt(dueAt, times, zone, advanced);
  const localDay = localDayKey(localDateOf(dueAt, zone));
  const sections = advanced ? view.sections : NO_FRIENDS_SECTIONS;

  // Moves the person to their next time (on condition they are still in this slot), and, when
  // `record`, records this time's send (on condition there is none): the last operation.
  const advance = (record: false | { articles: number; sentAt: number; fresh: boolean; key: string }) =>
    transact([
      ...moveSchedule(userId, dueAt, following, true),
      DigestPreferencesEntity.patch({ userId })
        .set({ nextSendAt: following, ...(record && record.fresh ? { lastSentAt: record.sentAt } : {}) })
        .where((attr, op) => op.eq(attr.nextSendAt, dueAt)),
      ...(record
        ? [
            DigestSendEntity.create({
              userId,
              localDay: record.key,
              sentAt: record.sentAt,
              articles: record.articles,
              expiresAt: nowSeconds() + 14 * 24 * 60 * 60,
            }),
          ]
        : []),
    ]);
  if (nth === undefined) {
    // A day or time only the other plan sends on: on to the next.
    await advance(false);
    return "skipped";
  }
  const key = nth === 0 ? localDay : `${localDay}#${nth + 1}`;

  const since = current.lastSentAt ?? dueAt - DIGEST_FIRST_LOOKBACK_MS;
  const kind = DIGEST_KINDS[PLAN_LIMITS[user.plan].digest];
  const until = Math.max(now, dueAt);
  const [{ groupOrder, picks }, shared, liked] = await Promise.all([
    Feed.digestPicks(userId, {
      since,
      now: until,
      count: kind.articles,
      bySupertag: kind.bySupertag && (!advanced || view.sections.supertags),
      plan: user.plan,
    }),
    sections.followingFeed
      ? FollowingFeed.sharedSince(userId, { since, until, limit: DIGEST_FOLLOWING.picks })
      : Promise.resolve([]),
    sections.followingLikes
      ? FollowingFeed.likedByFollowed(userId, {
          since: until - DIGEST_FOLLOWING.likesWindowMs,
          until,
          limit: DIGEST_FOLLOWING.likes,
        })
      : Promise.resolve([]),
  ]);
  // One article once: the topics' picks first, then what friends shared, then what they liked.
  const listed = new Set(picks.map((p) => p.id));
  const followingFeed = shared.filter((a) => !listed.has(a.id) && listed.add(a.id));
  const followingLikes = liked.filter((a) => !listed.has(a.id) && listed.add(a.id));
  const articles = picks.length + followingFeed.length + followingLikes.length;
  // The week's likes are sent again only with a like since the last digest: nothing new, nothing sent.
  const fresh = picks.length > 0 || followingFeed.length > 0 || followingLikes.some((a) => a.lastAt > since);

  // The next digest starts where this one really went out: a run timed ahead of the clock (a
  // local tool's `now`) must not skip what is published between now and then. On schedule the
  // clock is past `until` already, and this is `until`.
  const sentAt = Math.min(until, Date.now());
  const claimed = await advance({ articles: fresh ? articles : 0, sentAt, fresh, key });
  if (claimed.canceled) {
    const sentToday = claimed.reasons.at(-1) === "ConditionalCheckFailed";
    const moved = claimed.reasons.slice(0, -1).includes("ConditionalCheckFailed");
    // Taken by another run, or the person changed their time meanwhile: theirs to handle.
    if (moved) return "not-due";
    if (sentToday) {
      // This time's digest went out before today (the person moved the time later the same
      // day): their next time is next.
      await advance(false);
      return "already-sent";
    }
    return "not-due";
  }
  if (!fresh) return "empty";

  const siteUrl = Resource.Config.siteUrl.replace(/\/$/, "");
  const token = encodeURIComponent(UnsubscribeToken.sign(userId, until));
  try {
    await enqueue(MailQueue, [
      digestEmail({
        to: user.email,
        username: user.username,
        // With more than one time a day, which one this is.
        dayLabel: advanced && view.times.length > 1 ? `${localDay} at ${view.times[nth]!.slice(0, 5)}` : localDay,
        groupOrder,
        picks,
        followingFeed,
        followingLikes,
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
      DigestSendEntity.delete({ userId, localDay: key }),
    ]);
    throw error;
  }
  return "sent";
}

/** A plan without advanced digests sends nothing from the people a person follows. */
const NO_FRIENDS_SECTIONS = { followingFeed: false, followingLikes: false };

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
