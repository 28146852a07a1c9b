/**
 * When a digest goes out: the person's local time of day in their zone, as an instant. Pure
 * (no I/O), computed with the platform's time-zone data (`Intl`), so daylight-saving changes
 * follow the zone's own rules.
 */
import { DIGEST_STEP_MINUTES } from "./rules.ts";

/** The schedule's unit: a UTC quarter hour, numbered from the epoch. The job reads one a run. */
export const SLOT_MS = DIGEST_STEP_MINUTES * 60 * 1000;
export const slotOf = (instant: number) => Math.floor(instant / SLOT_MS);

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock reading in `zone` at `instant`. */
function wallClock(instant: number, zone: string) {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return parts;
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The person's calendar date at `instant` (their "local day": one digest each). */
export function localDateOf(instant: number, zone: string): LocalDate {
  const w = wallClock(instant, zone);
  return { year: w.year, month: w.month, day: w.day };
}

export const localDayKey = (d: LocalDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The date after `d` (calendar arithmetic, in UTC so no zone can skip or repeat a day). */
export function nextDate(d: LocalDate): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/**
 * The instant the wall clock in `zone` reads `minutes` after midnight on `date`. A time the
 * clocks skip (spring forward) is sent as late as the gap: 02:30 on a day that jumps from 02:00
 * to 03:00 is 03:30. A time the clocks pass twice (fall back) is the first of the two.
 */
export function instantOf(date: LocalDate, minutes: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  // The zone's offset just before and just after the wall time (read a day either side
  // covers any change that day): the answer uses one of them.
  const before = offsetAt(wall - 24 * 3_600_000, zone);
  const after = offsetAt(wall + 24 * 3_600_000, zone);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  // The earlier instant that reads as the wanted wall time; none does in a gap.
  for (const instant of candidates) {
    if (instant + offsetAt(instant, zone) === wall) return instant;
  }
  // In a gap: the time as if the clocks had not yet changed, which lands after the jump.
  return wall - before;
}

/** The first send after `after`: today at `minutes` if that is still to come, else tomorrow. */
export function nextSendAfter(after: number, minutes: number, zone: string): number {
  let date = localDateOf(after, zone);
  for (let i = 0; i < 3; i++) {
    const at = instantOf(date, minutes, zone);
    if (at > after) return at;
    date = nextDate(date);
  }
  throw new Error(`no send time after ${new Date(after).toISOString()} in ${zone}`);
}

/** The send on the local day after the one `sentAt` fell on (never twice in one local day). */
export function sendOnNextDay(sentAt: number, minutes: number, zone: string): number {
  return instantOf(nextDate(localDateOf(sentAt, zone)), minutes, zone);
}

/** 0 for Monday to 6 for Sunday, the index into `DIGEST_DAYS`, of a calendar date. */
export const weekdayOf = (d: LocalDate): number => (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;

/**
 * A person's digest times: minutes after midnight, the first the standard digest's, and the
 * days (0 Monday to 6 Sunday) the advanced digest goes out on.
 */
export interface DigestTimes {
  minutes: readonly number[];
  days: ReadonlySet<number>;
}

/**
 * The instants the schedule wakes for a person on `date`: the first time every day (the
 * standard digest's) and the other times on the chosen days. Which of them sends is decided at
 * the time by the plan then (`digestAt`), so a downgrade or an upgrade needs no rescheduling.
 */
function wakesOn(date: LocalDate, times: DigestTimes, zone: string): number[] {
  const onDay = times.days.has(weekdayOf(date));
  return times.minutes.filter((_, i) => i === 0 || onDay).map((m) => instantOf(date, m, zone));
}

/** The first wake after `after` (a send, or a first time on a day the advanced digest skips). */
export function nextWakeAfter(after: number, times: DigestTimes, zone: string): number {
  let date = localDateOf(after, zone);
  // The first time is every day: today, tomorrow or the day after has one.
  for (let i = 0; i < 3; i++) {
    const later = wakesOn(date, times, zone).filter((at) => at > after);
    if (later.length > 0) return Math.min(...later);
    date = nextDate(date);
  }
  throw new Error(`no digest time after ${new Date(after).toISOString()} in ${zone}`);
}

/**
 * Which of the day's digests goes out at `at` (0 for the first time, 1 or 2 for the others), or
 * undefined when none does. With `advanced`, the chosen days and every time; without, the first
 * time every day. Two times that land on one instant (one of them skipped by the clocks) are
 * one digest, the earlier in the list.
 */
export function digestAt(at: number, times: DigestTimes, zone: string, advanced: boolean): number | undefined {
  const date = localDateOf(at, zone);
  if (!advanced) return instantOf(date, times.minutes[0]!, zone) === at ? 0 : undefined;
  if (!times.days.has(weekdayOf(date))) return undefined;
  const index = times.minutes.findIndex((m) => instantOf(date, m, zone) === at);
  return index === -1 ? undefined : index;
}
