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

export const DIGEST_MESSAGES = {
  unknownZone: "Choose one of the offered time zones.",
  offGrid: "The digest time must be HH:MM:SS on a quarter hour (00, 15, 30 or 45 minutes).",
  nothingToSave: "Nothing to save: send wantsEmailDigest, localTime or timezone.",
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

/** What each kind of digest holds (the plan table names the kind each plan gets). */
export const DIGEST_KINDS = {
  standard: { articles: 10, bySupertag: false },
  advanced: { articles: 25, bySupertag: true },
} as const;

/** The first digest looks back this far; later ones start where the last one ended. */
export const DIGEST_FIRST_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export const UNSUBSCRIBE_MESSAGES = {
  invalid: "This unsubscribe link is not valid or has expired. Turn the digest off in settings instead.",
} as const;
