import { createHash } from "node:crypto";
import { guardedFetchBytes, type GuardedFetchOptions } from "../../adapters/http/index.ts";
import { ImagesBucket } from "../../adapters/blobs/index.ts";
import { log } from "../../lib/observability/index.ts";
import { checkPicture, type ResizedPicture } from "./checked-picture.ts";
import {
  PICTURE_LIMITS,
  PICTURE_WIDTHS,
  pictureView,
  smallWidth,
  variantKey,
  type PictureRef,
  type ProxiedPicture,
} from "./rules.ts";

/**
 * Outside pictures served from graph's own origin: fetched once through the address guard,
 * checked (checked-picture.ts), kept as WebP under `public/pictures/<content hash>/` beside the
 * profile photos (the images module's bucket, its `/media/` route, its immutable caching), so a
 * reader's browser never asks a third party for anything.
 *
 * What became of each address is noted under `pictures/by-url/` (not public): a second card or
 * reader view naming the same address fetches nothing, and a refused one is not asked again.
 */
const BY_URL_PREFIX = "pictures/by-url/";

export interface ProxyOptions {
  /** The page the picture is on: sent as `Referer`, since some sites refuse pictures asked without it. */
  referer?: string;
  /** Loopback and private addresses allowed (a local runtime's own sites, as for feeds). */
  allowPrivate?: boolean;
  /** The guard's resolver, address rule and time limit, for tests. */
  guard?: Pick<GuardedFetchOptions, "resolveHost" | "isBlockedAddress" | "totalTimeoutMs">;
}

type Noted = { picture: PictureRef } | { refused: string };

const hashOf = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/**
 * An outside picture through graph's proxy: `{ src, srcset, width, height }` on graph's own
 * origin, or undefined when it cannot be had (refused, unreachable, not a picture). Fetches the
 * address at most once while it answers; never throws.
 */
export async function proxiedPicture(url: string, options: ProxyOptions = {}): Promise<ProxiedPicture | undefined> {
  const stored = await storedPicture(url, options);
  return stored && pictureView(stored);
}

/** `proxiedPicture`'s stored form (what an article keeps). */
export async function storedPicture(url: string, options: ProxyOptions = {}): Promise<PictureRef | undefined> {
  const noteKey = `${BY_URL_PREFIX}${hashOf(url)}.json`;
  try {
    const noted = await readNote(noteKey);
    if (noted) return "picture" in noted ? noted.picture : undefined;
    const fetched = await fetchPicture(url, options);
    if ("retry" in fetched) return undefined;
    if ("refused" in fetched) {
      await note(noteKey, fetched);
      return undefined;
    }
    const checked = await checkPicture(fetched.bytes);
    if ("refused" in checked) {
      log.info("pictures: refused", { url, reason: checked.refused });
      await note(noteKey, checked);
      return undefined;
    }
    const picture = await keep(hashOf(fetched.bytes), checked.ok);
    await note(noteKey, { picture });
    return picture;
  } catch (error) {
    // The store failed: no picture now, and nothing noted, so it is tried again next time.
    log.error("pictures: could not keep a picture", { url, error });
    return undefined;
  }
}

type Fetched = { bytes: Uint8Array } | { refused: string } | { retry: string };

/**
 * The picture's bytes through the address guard: http(s) only, no private address (redirects
 * included), at most `PICTURE_LIMITS.maxBytes` counted as they arrive, within the time limit.
 */
export async function fetchPicture(url: string, options: ProxyOptions = {}): Promise<Fetched> {
  const outcome = await guardedFetchBytes(url, {
    allowPrivate: options.allowPrivate ?? false,
    maxBytes: PICTURE_LIMITS.maxBytes,
    totalTimeoutMs: PICTURE_LIMITS.totalTimeoutMs,
    connectTimeoutMs: PICTURE_LIMITS.connectTimeoutMs,
    maxRedirects: PICTURE_LIMITS.maxRedirects,
    accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1",
    ...options.guard,
    ...(options.referer ? { referer: options.referer } : {}),
  });
  if (outcome.kind === "ok") return { bytes: outcome.bytes };
  if (outcome.kind === "not-modified") return { retry: "not modified" };
  return outcome.retryable ? { retry: outcome.error } : { refused: outcome.error };
}

/** A picture's variant, as the profile photos' are written: never rewritten, so cached for good. */
const putPublic = (key: string, body: Uint8Array) =>
  ImagesBucket.put(key, body, { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });

/** Both widths under the picture's content address (the same picture from two addresses is kept once). */
async function keep(key: string, picture: ResizedPicture): Promise<PictureRef> {
  const small = smallWidth(picture.width);
  await Promise.all([
    putPublic(variantKey(key, PICTURE_WIDTHS.large), picture.large),
    small < picture.width ? putPublic(variantKey(key, PICTURE_WIDTHS.small), picture.small) : undefined,
  ]);
  return { key, width: picture.width, height: picture.height };
}

async function readNote(key: string): Promise<Noted | undefined> {
  const bytes = await ImagesBucket.get(key, { maxBytes: 4096 });
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as Noted;
  } catch {
    return undefined;
  }
}

const note = (key: string, noted: Noted) =>
  ImagesBucket.put(key, new TextEncoder().encode(JSON.stringify(noted)), { contentType: "application/json" });
