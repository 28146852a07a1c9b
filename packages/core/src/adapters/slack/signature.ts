import { createHmac, timingSafeEqual } from "node:crypto";

/** A request older (or newer) than this is refused: Slack's own advice, against replays. */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** `v0=` and the HMAC-SHA256 of `v0:{timestamp}:{body}` under the signing secret, as Slack signs a request. */
export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/**
 * Whether a request is Slack's: the signature matches the exact body and the timestamp, and the
 * timestamp is within five minutes of `now` (epoch ms). That a signature is used once is the
 * caller's to hold (a replay within the five minutes passes this check).
 */
export function verifySlackSignature(
  secret: string,
  input: { timestamp: string | undefined; signature: string | undefined; body: string },
  now = Date.now(),
): boolean {
  const { timestamp, signature, body } = input;
  if (!secret || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
