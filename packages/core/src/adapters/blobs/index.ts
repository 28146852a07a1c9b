import { Readable } from "node:stream";
import { Resource } from "sst";

/**
 * The S3 adapter: one blob store per bucket, all through one client. Region and endpoint come
 * from the standard AWS environment (AWS_REGION, AWS_ENDPOINT_URL_S3), which the local runtime
 * points at its S3 stand-in; an IP-address endpoint makes the SDK address buckets by path.
 * The client and the SDK's modules are imported at the first call (s3.ts).
 */
let loading: Promise<typeof import("./s3.ts")> | undefined;
const sdk = () => (loading ??= import("./s3.ts"));

/** A blob too long to read: `get` with `maxBytes` throws it instead of reading the rest. */
export class BlobTooLarge extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} is over the size it may have`);
    this.name = "BlobTooLarge";
  }
}

export interface PutOptions {
  contentType: string;
  /** e.g. `public, max-age=31536000, immutable` for a key that is never rewritten. */
  cacheControl?: string;
}

export interface PresignedPost {
  /** Where the browser POSTs the form. */
  url: string;
  /** The form's fields, sent before the `file` field. */
  fields: Record<string, string>;
}

export interface BlobStore {
  put(key: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** The blob's bytes, or undefined when there is none; over `maxBytes` throws `BlobTooLarge` (the length is checked before the body is read). */
  get(key: string, options?: { maxBytes?: number }): Promise<Uint8Array | undefined>;
  /**
   * The blob's bytes as they arrive, never all at once (for files too large to hold: read them
   * to the end or destroy the stream), with its length; undefined when there is none.
   */
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** The blob's length and type without its bytes, or undefined when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  delete(key: string): Promise<void>;
  /** Every key under `prefix`. */
  list(prefix: string): Promise<string[]>;
  /** Deletes every blob under `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A browser form upload to exactly `key`, of exactly `contentType`, of 1 to `maxBytes` bytes,
   * for `expiresSeconds`: the bucket refuses anything else, so the file never passes through the API.
   */
  presignPost(
    key: string,
    policy: { contentType: string; maxBytes: number; expiresSeconds: number },
  ): Promise<PresignedPost>;
}

/** Deletes in flight at once when a prefix is emptied (one DeleteObject a key: a prefix holds a few hundred at most). */
const DELETE_CONCURRENCY = 8;

/** The blob store of the bucket `bucketName()` names (read when used: links are set at start-up). */
export function blobStore(bucketName: () => string): BlobStore {
  const store: BlobStore = {
    async put(key, body, { contentType, cacheControl }) {
      const { client, PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({
          Bucket: bucketName(),
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(cacheControl ? { CacheControl: cacheControl } : {}),
        }),
      );
    },

    async get(key, { maxBytes } = {}) {
      const { client, GetObjectCommand, isMissing } = await sdk();
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
        if (maxBytes !== undefined && (response.ContentLength ?? 0) > maxBytes) {
          await response.Body?.transformToByteArray().catch(() => undefined);
          throw new BlobTooLarge(key);
        }
        const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
        if (maxBytes !== undefined && bytes.length > maxBytes) throw new BlobTooLarge(key);
        return bytes;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async stream(key) {
      const { client, GetObjectCommand, isMissing } = await sdk();
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
        const body = response.Body;
        // In Node the SDK answers the HTTP response itself (an IncomingMessage, a Readable).
        const readable = body instanceof Readable ? body : Readable.from([]);
        return { body: readable, size: response.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async head(key) {
      const { client, HeadObjectCommand, isMissing } = await sdk();
      try {
        const response = await client.send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
        return { size: response.ContentLength ?? 0, contentType: response.ContentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const { client, DeleteObjectCommand } = await sdk();
      await client.send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
    },

    async list(prefix) {
      const { client, ListObjectsV2Command } = await sdk();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },

    async deletePrefix(prefix) {
      const keys = await store.list(prefix);
      for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
        await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => store.delete(key)));
      }
    },

    async presignPost(key, { contentType, maxBytes, expiresSeconds }) {
      const { client, createPresignedPost } = await sdk();
      return createPresignedPost(client, {
        Bucket: bucketName(),
        Key: key,
        Fields: { "Content-Type": contentType },
        Conditions: [
          ["eq", "$Content-Type", contentType],
          ["content-length-range", 1, maxBytes],
        ],
        Expires: expiresSeconds,
      });
    },
  };
  return store;
}

// Marked pure (making a store has no effects) so a bundle keeps only the stores its function uses,
// and reads only the buckets it links (scripts/bundles checks what each function's code reads).
/** Profile photos: uploads from browsers, and the checked variants the CDN serves. */
export const ImagesBucket = /* @__PURE__ */ blobStore(() => Resource.Images.name);
/** Search's day segments. */
export const SearchBucket = /* @__PURE__ */ blobStore(() => Resource.Search.name);
/** Files people import (Google Takeout), uploaded by browsers and read once by the import worker. */
export const ImportsBucket = /* @__PURE__ */ blobStore(() => Resource.Imports.name);
