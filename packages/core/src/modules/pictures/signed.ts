import { createHmac, timingSafeEqual } from "node:crypto";
import { Resource } from "sst";
import { PICTURE_ADDRESS_MAX, PICTURE_ROUTE, type PictureRef } from "./rules.ts";

/**
 * Graph's own address of an outside picture named in an answer (a book's cover, a film's
 * poster, a track's album art, a channel's thumbnail): `/api/pictures?u=<address>&s=<signature>`.
 * The route (packages/functions/src/api/pictures.ts) proxies only addresses graph signed, so it
 * is no open proxy: anyone may load a picture graph showed, nobody can make graph fetch another.
 *
 * Signed, not stored: the address is made where the answer is built (search results included,
 * which are never stored), costs no request, and the picture is fetched once, on its first
 * display, through the same proxy as the cards' (checked, resized to WebP, kept, long-cached).
 *
 * The key is derived from the stage's DigestSigningKey under a label of its own, so a stage
 * needs no further secret and a picture signature can never pass for an unsubscribe token.
 */
let key: Buffer | undefined;
const signingKey = () =>
  (key ??= createHmac("sha256", Resource.DigestSigningKey.value).update("graph picture addresses v1").digest());

const signatureOf = (url: string) => createHmac("sha256", signingKey()).update(url).digest("base64url").slice(0, 32);

const siteOrigin = () => new URL(Resource.Config.siteUrl).origin;

/** A picture graph keeps and serves itself (profile photos, proxied pictures, at `/media/`): shown as it is. */
function isOwn(url: string): boolean {
  if (url.startsWith("/media/")) return true;
  return url.startsWith(`${siteOrigin()}/media/`);
}

/**
 * The address a page shows for `url`: unchanged when it is on graph's own origin, a signed
 * proxy address when it is an outside http(s) one, null when there is none or it is no web
 * address at all (a page never loads a picture from a third party).
 */
export function pictureAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  if (isOwn(url)) return url;
  if (!/^https?:\/\//i.test(url) || url.length > PICTURE_ADDRESS_MAX) return null;
  return `${PICTURE_ROUTE}?u=${encodeURIComponent(url)}&s=${signatureOf(url)}`;
}

/** Whether `signature` is graph's for `url` (compared in constant time). */
function isSigned(url: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The picture behind a signed address (the route's work): nothing is fetched unless graph
 * signed `url`; then it goes through the proxy (address guard, caps, checks, kept as WebP).
 * Private addresses only where the stage allows them (the local runtime), or, on a plain-http
 * site (never AWS), on the site's own origin: the local catalogue and provider stand-ins.
 */
export async function signedPicture(
  url: string,
  signature: string,
  options: { allowPrivate: boolean },
): Promise<{ picture: PictureRef } | { refused: "signature" | "unavailable" }> {
  if (!isSigned(url, signature)) return { refused: "signature" };
  const ownPlainSite =
    Resource.Config.siteUrl.startsWith("http:") && URL.canParse(url) && new URL(url).origin === siteOrigin();
  // The proxy is imported by the route's first picture, not by every module that signs addresses.
  const { storedPicture } = await import("./proxied.ts");
  const picture = await storedPicture(url, { allowPrivate: options.allowPrivate || ownPlainSite });
  return picture ? { picture } : { refused: "unavailable" };
}
