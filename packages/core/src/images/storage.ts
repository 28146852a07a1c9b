import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { Resource } from "sst";
import { IMAGE_LIMITS, type ImageType } from "./rules.ts";

/**
 * The Images bucket. Browsers upload under `uploads/<userId>/` (presigned POSTs; a lifecycle rule
 * drops what is never confirmed); the API writes checked variants under `public/`, which the CDN
 * serves at `<site>/media/` (the local runtime does the same). Region and endpoint come from the
 * standard AWS environment, which the local runtime points at its S3 stand-in.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({}));
const bucket = () => Resource.Images.name;

export const UPLOAD_PREFIX = "uploads/";
export const PUBLIC_PREFIX = "public/";

export interface PresignedUpload {
  /** Where the browser POSTs the form. */
  url: string;
  /** The form's fields, sent before the `file` field. */
  fields: Record<string, string>;
}

/**
 * A form upload to exactly `key`, of exactly `type`, of at most 5 MB, for a few minutes: the
 * bucket refuses anything else, so a file never reaches the API (which takes 6 MB a request).
 */
export async function presignUpload(key: string, type: ImageType): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: bucket(),
    Key: key,
    Fields: { "Content-Type": type },
    Conditions: [
      ["eq", "$Content-Type", type],
      ["content-length-range", 1, IMAGE_LIMITS.maxBytes],
    ],
    Expires: IMAGE_LIMITS.uploadSeconds,
  });
}

/** The object's bytes when it exists and is at most `maxBytes` long (its length is checked before it is read). */
export async function readObject(
  key: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array } | { tooLarge: true } | undefined> {
  try {
    const response = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    if ((response.ContentLength ?? 0) > maxBytes) {
      await response.Body?.transformToByteArray().catch(() => undefined);
      return { tooLarge: true };
    }
    const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
    return bytes.length > maxBytes ? { tooLarge: true } : { bytes };
  } catch (error) {
    if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404))
      return undefined;
    throw error;
  }
}

export async function putPublic(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      // Each photo's keys are new and never rewritten.
      CacheControl: "public, max-age=31536000, immutable",
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Deletes every object under `prefix` (1,000 keys a request). */
export async function deletePrefix(prefix: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (keys.length > 0) await deleteKeys(keys);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** One DeleteObject a key, a few at a time: a person has at most a few hundred keys. */
async function deleteKeys(keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map(deleteObject));
}

/** The public address of a key under `public/`, on the site's own origin. */
export function publicUrl(key: string): string {
  const site = Resource.Config.siteUrl.replace(/\/+$/, "");
  return `${site}/media/${key.slice(PUBLIC_PREFIX.length).split("/").map(encodeURIComponent).join("/")}`;
}
