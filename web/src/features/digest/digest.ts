/** The digest form's pure parts: the time and zone as shown, and the changes not yet saved. */
import {
  DIGEST_DEFAULTS,
  DIGEST_LAST_MINUTE,
  DIGEST_STEP_MINUTES,
  DIGEST_TIME_ZONES,
  isDigestTimeZone,
  localTimeOf,
  minutesOf,
  type DigestSections,
  type DigestTimeZone,
} from "@graph/core/modules/digest/rules";
import { type Timers, realTimers } from "../../lib/debounce.ts";
import type { SaveState } from "../../hooks/use-save-state.ts";

/** The digest form's status line for each save state. */
export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: "",
  saving: "saving...",
  success: "saved",
  error: "couldn't save. try again",
};

/** Minutes after midnight as a 24-hour clock ("07:45", "23:45"): the same in every locale, so no am/pm to misread. */
export function formatDigestTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** Each section's switch. */
export const SECTION_LABELS: Record<keyof DigestSections, string> = {
  supertags: "a section for each supertag",
  followingFeed: "picks from the people you follow",
  followingLikes: "what the people you follow liked this week",
};

/**
 * A new time for "add a time": the hour after the last one, or the next whole hour after it
 * that is not taken (round the clock), so two times are never the same.
 */
export function freeTimeAfter(times: readonly string[]): string {
  const taken = new Set(times.map((t) => minutesOf(t)));
  const last = minutesOf(times.at(-1) ?? DIGEST_DEFAULTS.localTime) ?? 0;
  const day = DIGEST_LAST_MINUTE + DIGEST_STEP_MINUTES;
  for (let hours = 1; hours < 24; hours++) {
    const minutes = (last + hours * 60) % day;
    if (!taken.has(minutes)) return localTimeOf(minutes);
  }
  // Unreachable with three times at most: 23 hours cannot all be taken.
  return localTimeOf(last);
}

/** The slider's minutes for a saved `HH:MM:SS`; a value off the grid (never saved by the server) shows as midnight. */
export const sliderMinutes = (localTime: string): number => minutesOf(localTime) ?? 0;

/**
 * The zone's offset from UTC at `at` ("UTC+13", "UTC-3", "UTC+5:30", "UTC+0"), from Intl, so
 * summer time and a zone's moves (Samoa's in 2011) are always the zone's own.
 */
export function utcOffset(zone: string, at: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  // "GMT+13:00", "GMT-03:30", or plain "GMT" at UTC itself.
  const match = /^GMT([+-])(\d\d):(\d\d)$/.exec(name ?? "");
  if (!match) return "UTC+0";
  const [, sign, hours, minutes] = match;
  return `UTC${sign === "-" ? "−" : "+"}${Number(hours)}${minutes === "00" ? "" : `:${minutes}`}`;
}

/** Minutes east of UTC of `zone` at `at` (Kolkata 330, New York −300 or −240), or null for a zone Intl does not know. */
export function offsetMinutes(zone: string, at: Date): number | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    return null;
  }
  if (name === "GMT") return 0;
  const match = /^GMT([+-])(\d\d):(\d\d)$/.exec(name ?? "");
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * The zone a digest starts in for someone who never chose one: the browser's own when it is one
 * of the 27 offered, else the offered zone nearest to it by its offset from UTC at `at` (Berlin →
 * Paris, Lima → New York in winter; the first of equals in the list), else the list's default.
 */
export function defaultDigestZone(browserZone: string | undefined, at: Date): DigestTimeZone {
  if (!browserZone) return DIGEST_DEFAULTS.timezone;
  if (isDigestTimeZone(browserZone)) return browserZone;
  const own = offsetMinutes(browserZone, at);
  if (own === null) return DIGEST_DEFAULTS.timezone;
  let nearest: DigestTimeZone = DIGEST_DEFAULTS.timezone;
  let nearestGap = Infinity;
  for (const { zone } of DIGEST_TIME_ZONES) {
    const offset = offsetMinutes(zone, at);
    if (offset === null) continue;
    // By the offset as written, not around the clock: UTC+14 (Kiritimati) goes to Samoa's +13,
    // not to Hawaii's −10, whose clock reads the same but on the day before.
    const gap = Math.abs(offset - own);
    if (gap < nearestGap) {
      nearest = zone;
      nearestGap = gap;
    }
  }
  return nearest;
}

/** The browser's time zone (an IANA name), if it says. */
export const browserTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The saved preferences as the form starts from them: a digest never turned on that still has
 * the list's default zone shows `guessed` (the browser's) instead, sent with turning it on.
 */
export function withGuessedZone<T extends { wantsEmailDigest: boolean; timezone: string }>(
  saved: T,
  guessed: T["timezone"],
): T {
  return !saved.wantsEmailDigest && saved.timezone === DIGEST_DEFAULTS.timezone
    ? { ...saved, timezone: guessed }
    : saved;
}

/** A zone as the select offers it: "Samoa (UTC+13)". */
export const zoneOptionLabel = (label: string, zone: string, at: Date): string => `${label} (${utcOffset(zone, at)})`;

export const zoneOptions = (at: Date) =>
  DIGEST_TIME_ZONES.map(({ zone, label }) => ({ zone, text: zoneOptionLabel(label, zone, at) }));

type Fields = Record<string, unknown>;

/** The unsaved changes shown over the saved preferences: the newest value of each field wins. */
export const withChanges = <T extends Fields>(values: T, changes: Partial<T>): T => ({ ...values, ...changes });

/**
 * The unsaved changes left once a save of `sent` has settled (saved or failed): a field is
 * dropped when it still holds the value sent, and kept when a newer change came since.
 */
export function withoutSettled<T extends Fields>(unsaved: Partial<T>, sent: Partial<T>): Partial<T> {
  const left: Partial<T> = { ...unsaved };
  for (const key of Object.keys(sent) as (keyof T)[]) {
    if (key in left && Object.is(left[key], sent[key])) delete left[key];
  }
  return left;
}

export interface ChangeBatcher<T extends Fields> {
  /** Adds a change; the merged changes are sent `delayMs` after the last one. */
  push(change: Partial<T>): void;
  /** Sends whatever is waiting now (leaving the page must not lose it). */
  flush(): void;
  /** Whether changes are waiting to be sent. */
  readonly pending: boolean;
}

/** Merges changes made in a burst (a slider dragged, a zone picked) into one save after they stop. */
export function createChangeBatcher<T extends Fields>(
  send: (changes: Partial<T>) => void,
  delayMs: number,
  timers: Timers = realTimers,
): ChangeBatcher<T> {
  let waiting: Partial<T> = {};
  let handle: unknown = null;
  const flush = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    const changes = waiting;
    waiting = {};
    if (Object.keys(changes).length > 0) send(changes);
  };
  return {
    push(change) {
      waiting = { ...waiting, ...change };
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
    get pending() {
      return handle !== null;
    },
  };
}
