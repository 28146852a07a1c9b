import { createHmac, timingSafeEqual } from "node:crypto";
import { Resource } from "sst";

/** How long a digest's unsubscribe link works: long enough for an old e-mail found later. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const mac = (payload: string) =>
  createHmac("sha256", Resource.DigestSigningKey.value).update(`unsubscribe:${payload}`).digest("base64url");

/** A token that lets its bearer turn off one person's digest until it expires, and nothing else. */
export function sign(userId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60;
  const payload = `${b64(userId)}.${expires}`;
  return `${payload}.${mac(payload)}`;
}

/** The person a token names, when it is untampered and unexpired. */
export function verify(token: string, now = Date.now()): string | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 512) return undefined;
  const [user, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(`${user}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now) return undefined;
  return Buffer.from(user, "base64url").toString("utf8");
}
