import { Resource } from "sst";
import { BlobTooLarge, ImagesBucket, type PresignedPost } from "../../adapters/blobs/index.ts";
import { IMAGE_LIMITS, type ImageType } from "./rules.ts";

/**
 * Where photos live in the Images bucket. Browsers upload under `uploads/<userId>/` (presigned
 * POSTs; a lifecycle rule drops what is never confirmed); the API writes checked variants under
 * `public/`, which the CDN serves at `<site>/media/` (the local runtime does the same).
 */
export const UPLOAD_PREFIX = "uploads/";
export const PUBLIC_PREFIX = "public/";

/** A form upload of one photo: exactly this key and type, at most 5 MB, for a few minutes. */
export function presignUpload(key: string, type: ImageType): Promise<PresignedPost> {
  return ImagesBucket.presignPost(key, {
    contentType: type,
    maxBytes: IMAGE_LIMITS.maxBytes,
    expiresSeconds: IMAGE_LIMITS.uploadSeconds,
  });
}

/** An upload's bytes when it exists and is at most 5 MB long (its length is checked before it is read). */
export async function readUpload(key: string): Promise<{ bytes: Uint8Array } | { tooLarge: true } | undefined> {
  try {
    const bytes = await ImagesBucket.get(key, { maxBytes: IMAGE_LIMITS.maxBytes });
    return bytes && { bytes };
  } catch (error) {
    if (error instanceof BlobTooLarge) return { tooLarge: true };
    throw error;
  }
}

/** Writes a checked variant; each photo's keys are new and never rewritten. */
export const putPublic = (key: string, body: Uint8Array, contentType: string) =>
  ImagesBucket.put(key, body, { contentType, cacheControl: "public, max-age=31536000, immutable" });

export const deleteObject = (key: string) => ImagesBucket.delete(key);
export const deletePrefix = (prefix: string) => ImagesBucket.deletePrefix(prefix);

/** The public address of a key under `public/`, on the site's own origin. */
export function publicUrl(key: string): string {
  const site = Resource.Config.siteUrl.replace(/\/+$/, "");
  return `${site}/media/${key.slice(PUBLIC_PREFIX.length).split("/").map(encodeURIComponent).join("/")}`;
}
