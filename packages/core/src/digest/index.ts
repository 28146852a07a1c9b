import { badRequest } from "../errors.ts";
import { DigestPreferencesEntity } from "./digest-preferences.entity.ts";
import { DIGEST_DEFAULTS, DIGEST_MESSAGES, isDigestTimeZone, minutesOf, type DigestTimeZone } from "./rules.ts";

export interface DigestPreferences {
  wantsEmailDigest: boolean;
  localTime: string;
  timezone: DigestTimeZone;
}

/** The person's preferences, the defaults filling in what was never saved. */
export async function preferences(userId: string): Promise<DigestPreferences> {
  const { data } = await DigestPreferencesEntity.get({ userId }).go();
  return {
    wantsEmailDigest: data?.wantsEmailDigest ?? DIGEST_DEFAULTS.wantsEmailDigest,
    localTime: data?.localTime ?? DIGEST_DEFAULTS.localTime,
    timezone: data?.timezone && isDigestTimeZone(data.timezone) ? data.timezone : DIGEST_DEFAULTS.timezone,
  };
}

/**
 * Saves the fields given (a partial object) in one write and answers the whole preferences.
 * Every field is checked before anything is written: one bad field changes nothing.
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
  await DigestPreferencesEntity.upsert({
    userId,
    updatedAt: now,
    ...(wantsEmailDigest !== undefined ? { wantsEmailDigest } : {}),
    ...(localTime !== undefined ? { localTime } : {}),
    ...(timezone !== undefined ? { timezone } : {}),
  }).go();
  return preferences(userId);
}
