/**
 * The daily e-mail digest's preferences: the zones offered, the time grid and the defaults,
 * shared by the server (which enforces them) and the settings page (which offers them).
 */

/**
 * The 27 time zones offered, west to east as the list has always run ("Samoa to Auckland").
 * Samoa is Pacific/Apia: it sat at UTC−11 when the list was drawn and moved to UTC+13 in 2011,
 * so its place in the list is historical; its times are always computed from the zone itself.
 */
export const DIGEST_TIME_ZONES = [
  { zone: "Pacific/Apia", label: "Samoa" },
  { zone: "Pacific/Honolulu", label: "Hawaii" },
  { zone: "America/Anchorage", label: "Alaska" },
  { zone: "America/Los_Angeles", label: "Pacific Time (US & Canada)" },
  { zone: "America/Denver", label: "Mountain Time (US & Canada)" },
  { zone: "America/Phoenix", label: "Arizona" },
  { zone: "America/Chicago", label: "Central Time (US & Canada)" },
  { zone: "America/Mexico_City", label: "Mexico City" },
  { zone: "America/New_York", label: "Eastern Time (US & Canada)" },
  { zone: "America/Halifax", label: "Atlantic Time (Canada)" },
  { zone: "America/Sao_Paulo", label: "Brasília" },
  { zone: "America/Argentina/Buenos_Aires", label: "Buenos Aires" },
  { zone: "Atlantic/Azores", label: "Azores" },
  { zone: "Europe/London", label: "London" },
  { zone: "Europe/Paris", label: "Paris, Berlin, Madrid" },
  { zone: "Europe/Athens", label: "Athens, Helsinki" },
  { zone: "Africa/Nairobi", label: "Nairobi" },
  { zone: "Europe/Moscow", label: "Moscow" },
  { zone: "Asia/Dubai", label: "Dubai" },
  { zone: "Asia/Kolkata", label: "India" },
  { zone: "Asia/Bangkok", label: "Bangkok, Jakarta" },
  { zone: "Asia/Shanghai", label: "Beijing, Singapore" },
  { zone: "Asia/Tokyo", label: "Tokyo, Seoul" },
  { zone: "Australia/Adelaide", label: "Adelaide" },
  { zone: "Australia/Sydney", label: "Sydney, Melbourne" },
  { zone: "Pacific/Noumea", label: "New Caledonia" },
  { zone: "Pacific/Auckland", label: "Auckland" },
] as const;

export type DigestTimeZone = (typeof DIGEST_TIME_ZONES)[number]["zone"];
const ZONES = new Set<string>(DIGEST_TIME_ZONES.map((z) => z.zone));
export const isDigestTimeZone = (zone: string): zone is DigestTimeZone => ZONES.has(zone);

/** The local time of day is chosen on a 15-minute grid, 00:00 to 23:45 (0 to 1425 minutes). */
export const DIGEST_STEP_MINUTES = 15;
export const DIGEST_LAST_MINUTE = 24 * 60 - DIGEST_STEP_MINUTES;
/** Saves of the time and zone wait this long after the last change (the checkbox saves at once). */
export const DIGEST_SAVE_DEBOUNCE_MS = 750;

export const DIGEST_DEFAULTS = {
  /** Off until the person asks for it: nobody gets e-mail they did not choose. */
  wantsEmailDigest: false,
  localTime: "10:00:00",
  timezone: "America/Los_Angeles" as DigestTimeZone,
};

/** The days of the week an advanced digest may go out on, Monday first (the wire's names). */
export const DIGEST_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type DigestDay = (typeof DIGEST_DAYS)[number];
const DAYS = new Set<string>(DIGEST_DAYS);
export const isDigestDay = (day: string): day is DigestDay => DAYS.has(day);

/** An advanced digest goes out at up to this many times a day (the first is the standard digest's). */
export const DIGEST_MAX_TIMES = 3;

/** The advanced digest's sections, each a setting. */
export interface DigestSections {
  /** A section per supertag (the person's starred topics), each with its picks. */
  supertags: boolean;
  /** The picks of the people they follow (the following feed), shared since the last digest. */
  followingFeed: boolean;
  /** The articles the people they follow liked this week, most liked first. */
  followingLikes: boolean;
}
/**
 * The advanced settings' defaults: every day, one time, a section per supertag (what the
 * advanced digest held before it had settings), nothing from the people they follow.
 */
export const DIGEST_ADVANCED_DEFAULTS = {
  days: [...DIGEST_DAYS] as DigestDay[],
  sections: { supertags: true, followingFeed: false, followingLikes: false } as DigestSections,
};

export const DIGEST_MESSAGES = {
  unknownZone: "Choose one of the offered time zones.",
  offGrid: "The digest time must be HH:MM:SS on a quarter hour (00, 15, 30 or 45 minutes).",
  nothingToSave: "Nothing to save: send wantsEmailDigest, localTime, timezone, days, times or sections.",
  noDays: "Choose at least one day of the week for the digest.",
  unknownDay: `Days must be among ${DIGEST_DAYS.join(", ")}.`,
  noTimes: "Choose at least one time of day for the digest.",
  tooManyTimes: `The digest goes out at most ${DIGEST_MAX_TIMES} times a day.`,
  repeatedTime: "Each of the digest's times must be different.",
  timesDisagree: "localTime is the first of times: send one of them, or the same time in both.",
} as const;

const TIME = /^([01]\d|2[0-3]):(\d\d):(\d\d)$/;

/** Minutes after midnight of `HH:MM:SS` on the grid, or null when it is malformed or off the grid. */
export function minutesOf(localTime: string): number | null {
  const match = TIME.exec(localTime);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  const total = Number(hours) * 60 + Number(minutes);
  if (Number(minutes) >= 60 || seconds !== "00" || total % DIGEST_STEP_MINUTES !== 0) return null;
  return total;
}

/** `HH:MM:00` of minutes after midnight (the slider's value). */
export function localTimeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00`;
}

/** A person's days, times and sections, as saved (the server's answer carries them). */
export interface DigestSchedulePreferences {
  days: readonly DigestDay[];
  /** The times of day, the first one the standard digest's (`localTime`). */
  times: readonly string[];
  sections: DigestSections;
}

/**
 * Whether a plan without advanced digests leaves some of these settings unused: other days,
 * more times, or sections from the people they follow. They are kept, and apply again after an
 * upgrade; meanwhile the standard digest goes out every day at the first time.
 */
export function advancedPaused(preferences: DigestSchedulePreferences): boolean {
  return (
    preferences.days.length < DIGEST_DAYS.length ||
    preferences.times.length > 1 ||
    preferences.sections.followingFeed ||
    preferences.sections.followingLikes
  );
}

/** What each kind of digest holds (the plan table names the kind each plan gets). */
export const DIGEST_KINDS = {
  standard: { articles: 10, bySupertag: false },
  advanced: { articles: 25, bySupertag: true },
} as const;

/** The sections from the people a person follows: how many articles each, and how far back likes count. */
export const DIGEST_FOLLOWING = {
  picks: 10,
  likes: 10,
  /** "This week": likes of the last seven days. */
  likesWindowMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** The first digest looks back this far; later ones start where the last one ended. */
export const DIGEST_FIRST_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export const UNSUBSCRIBE_MESSAGES = {
  invalid: "This unsubscribe link is not valid or has expired. Turn the digest off in settings instead.",
} as const;
