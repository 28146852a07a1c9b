import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Context, Hono } from "hono";
import { verifyPostUpload, type Secrets } from "./s3-post.ts";

/**
 * S3's REST API, path-style (`<base>/<bucket>/<key>`): PutObject, GetObject, HeadObject,
 * DeleteObject and ListObjectsV2, enough for S3Client to keep blobs locally. Buckets exist as
 * soon as they are named. Objects live in memory, or as files under `dir` when it is given: one
 * folder per bucket, one file per object (its key percent-encoded, so a key never names a path)
 * with its metadata beside it.
 *
 * Browsers upload with POST Object (a form signed by a presigned policy, checked as S3 checks
 * it: see s3-post.ts) from the origins in `cors`, as a bucket's CORS rules allow on AWS.
 * `servePublic` answers GETs for one prefix of a bucket at a public path, as the CDN does.
 */
export function mountS3(
  app: Hono,
  basePath: string,
  dir: string | undefined,
  options: { secrets?: Secrets; corsOrigins?: string[] } = {},
) {
  const store: ObjectStore = dir ? new FileStore(dir) : new MemoryStore();
  const corsOrigins = new Set(options.corsOrigins ?? []);
  app.all(`${basePath}/*`, async (c) => {
    const path = new URL(c.req.url).pathname.slice(basePath.length + 1);
    const slash = path.indexOf("/");
    const bucket = slash < 0 ? path : path.slice(0, slash);
    if (!validBucket(bucket)) return s3Error(c, 400, "InvalidBucketName", "The specified bucket is not valid.");
    const rawKey = slash < 0 ? "" : path.slice(slash + 1);
    let key: string;
    try {
      key = decodeURIComponent(rawKey);
    } catch {
      return s3Error(c, 400, "InvalidURI", "Couldn't parse the specified URI.");
    }
    const method = c.req.method;
    const origin = c.req.header("origin");
    if (origin && corsOrigins.has(origin)) {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Access-Control-Expose-Headers", "ETag, Location");
      c.header("Vary", "Origin");
    }
    if (method === "OPTIONS") return preflight(c, corsOrigins);

    if (!key) {
      if (method === "POST") return postObject(c, store, bucket, options.secrets ?? {});
      if (method === "GET" && c.req.query("list-type") === "2") return listObjectsV2(c, store, bucket);
      if (method === "HEAD" || method === "PUT") return c.body(null, 200);
      return s3Error(c, 501, "NotImplemented", `${method} on a bucket is not supported locally.`);
    }
    const problem = keyProblem(key);
    if (problem) return s3Error(c, 400, problem === "long" ? "KeyTooLongError" : "InvalidArgument", "Invalid key.");

    switch (method) {
      case "PUT": {
        if (c.req.header("x-amz-copy-source"))
          return s3Error(c, 501, "NotImplemented", "CopyObject is not supported locally.");
        if (c.req.header("if-none-match") === "*" && (await store.head(bucket, key))) {
          return s3Error(c, 412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold");
        }
        let body: Buffer = Buffer.from(await c.req.arrayBuffer());
        if (isAwsChunked(c)) body = decodeAwsChunked(body);
        const meta: ObjectMeta = {
          key,
          size: body.length,
          etag: `"${createHash("md5").update(body).digest("hex")}"`,
          lastModified: new Date().toISOString(),
          contentType: c.req.header("content-type") || "application/octet-stream",
          metadata: userMetadata(c),
        };
        await store.put(bucket, meta, body);
        c.header("ETag", meta.etag);
        return c.body(null, 200);
      }
      case "GET":
      case "HEAD": {
        const meta = await store.head(bucket, key);
        if (!meta) {
          if (method === "HEAD") return c.body(null, 404);
          return s3Error(c, 404, "NoSuchKey", "The specified key does not exist.", key);
        }
        const headers: Record<string, string> = {
          "Content-Type": meta.contentType,
          "Content-Length": String(meta.size),
          ETag: meta.etag,
          "Last-Modified": new Date(meta.lastModified).toUTCString(),
          "Accept-Ranges": "bytes",
        };
        for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
        if (method === "HEAD") return new Response(null, { status: 200, headers });
        const body = await store.body(bucket, meta);
        if (!body) return s3Error(c, 404, "NoSuchKey", "The specified key does not exist.", key);
        return new Response(new Uint8Array(body), { status: 200, headers });
      }
      case "DELETE":
        await store.delete(bucket, key);
        return c.body(null, 204);
      default:
        return s3Error(c, 405, "MethodNotAllowed", `${method} is not allowed on an object.`);
    }
  });

  return {
    /** Serves `prefix` of `bucket` read-only at `path` (e.g. `/media/a.webp` → `public/a.webp`). */
    servePublic(target: Hono, path: string, bucket: string, prefix: string) {
      target.on(["GET", "HEAD"], `${path}/*`, async (c) => {
        let rest: string;
        try {
          rest = decodeURIComponent(new URL(c.req.url).pathname.slice(path.length + 1));
        } catch {
          return c.text("Not found.", 404);
        }
        const key = `${prefix}${rest}`;
        const meta = rest && !keyProblem(key) ? await store.head(bucket, key) : undefined;
        const body = meta && (await store.body(bucket, meta));
        if (!meta || !body) return c.text("Not found.", 404);
        const headers = {
          "Content-Type": meta.contentType,
          ETag: meta.etag,
          // Public keys are written once under a fresh name, never changed: cache them for good.
          "Cache-Control": "public, max-age=31536000, immutable",
        };
        if (c.req.header("if-none-match") === meta.etag) return new Response(null, { status: 304, headers });
        return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
          status: 200,
          headers: { ...headers, "Content-Length": String(meta.size) },
        });
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// POST Object (browser uploads) and CORS

async function postObject(c: Context, store: ObjectStore, bucket: string, secrets: Secrets) {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data"))
    return s3Error(c, 412, "PreconditionFailed", "Bucket POST must be of the enclosure-type multipart/form-data");
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return s3Error(
      c,
      400,
      "MalformedPOSTRequest",
      "The body of your POST request is not well-formed multipart/form-data.",
    );
  }
  const fields: Record<string, string> = {};
  let file: Blob | undefined;
  for (const [name, value] of form as unknown as Iterable<[string, FormDataEntryValue]>) {
    if (name.toLowerCase() === "file") {
      if (typeof value !== "string") file = value;
      else file = new Blob([value]);
    } else if (typeof value === "string") fields[name] = value;
  }
  if (!file) return s3Error(c, 400, "InvalidArgument", "POST requires exactly one file upload per request.");
  const verdict = verifyPostUpload({ bucket, fields, size: file.size }, secrets);
  if (!verdict.ok) return s3Error(c, verdict.status, verdict.code, verdict.message, undefined, verdict.extra);
  const problem = keyProblem(verdict.key);
  if (problem) return s3Error(c, 400, problem === "long" ? "KeyTooLongError" : "InvalidArgument", "Invalid key.");
  const body = Buffer.from(await file.arrayBuffer());
  const meta: ObjectMeta = {
    key: verdict.key,
    size: body.length,
    etag: `"${createHash("md5").update(body).digest("hex")}"`,
    lastModified: new Date().toISOString(),
    contentType: verdict.contentType,
    metadata: Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => name.toLowerCase().startsWith("x-amz-meta-"))
        .map(([name, value]) => [name.toLowerCase().slice("x-amz-meta-".length), value]),
    ),
  };
  await store.put(bucket, meta, body);
  c.header("ETag", meta.etag);
  c.header("Location", `${new URL(c.req.url).origin}${new URL(c.req.url).pathname}/${encodeURIComponent(verdict.key)}`);
  return c.body(null, verdict.successStatus);
}

/** A CORS preflight, answered as S3 answers one for a bucket whose rules allow `origins`. */
function preflight(c: Context, origins: Set<string>) {
  const origin = c.req.header("origin");
  const method = c.req.header("access-control-request-method");
  if (!origin || !method || !origins.has(origin) || !["GET", "HEAD", "PUT", "POST", "DELETE"].includes(method))
    return s3Error(c, 403, "AccessForbidden", "CORSResponse: This CORS request is not allowed.");
  c.header("Access-Control-Allow-Methods", "GET, HEAD, PUT, POST, DELETE");
  const requested = c.req.header("access-control-request-headers");
  if (requested) c.header("Access-Control-Allow-Headers", requested);
  c.header("Access-Control-Max-Age", "3600");
  return c.body(null, 200);
}

// ---------------------------------------------------------------------------------------------
// ListObjectsV2

async function listObjectsV2(c: Context, store: ObjectStore, bucket: string) {
  const prefix = c.req.query("prefix") ?? "";
  const delimiter = c.req.query("delimiter") ?? "";
  const startAfter = c.req.query("start-after") ?? "";
  const token = c.req.query("continuation-token");
  const urlEncoded = c.req.query("encoding-type") === "url";
  const maxKeysRaw = Number(c.req.query("max-keys") ?? 1000);
  const maxKeys = Number.isFinite(maxKeysRaw) ? Math.max(0, Math.min(1000, Math.floor(maxKeysRaw))) : 1000;

  let marker = startAfter;
  if (token !== undefined) {
    try {
      marker = JSON.parse(Buffer.from(token, "base64url").toString("utf8")).after as string;
      if (typeof marker !== "string") throw new Error("bad token");
    } catch {
      return s3Error(c, 400, "InvalidArgument", "The continuation token provided is incorrect");
    }
  }

  const all = (await store.list(bucket))
    .filter((m) => m.key.startsWith(prefix))
    .sort((a, b) => utf8Order(a.key, b.key));
  const contents: ObjectMeta[] = [];
  const prefixes: string[] = [];
  let truncated = false;
  let last = "";
  for (const meta of all) {
    if (marker && utf8Order(meta.key, marker) <= 0) continue;
    // A common prefix returned on an earlier page covers every key under it.
    if (marker && delimiter && marker.endsWith(delimiter) && meta.key.startsWith(marker)) continue;
    let entry: string | undefined;
    if (delimiter) {
      const at = meta.key.indexOf(delimiter, prefix.length);
      if (at >= 0) entry = meta.key.slice(0, at + delimiter.length);
    }
    if (entry !== undefined && prefixes[prefixes.length - 1] === entry) continue;
    if (contents.length + prefixes.length >= maxKeys) {
      truncated = true;
      break;
    }
    if (entry !== undefined) {
      prefixes.push(entry);
      last = entry;
    } else {
      contents.push(meta);
      last = meta.key;
    }
  }

  const text = (value: string) => xml(urlEncoded ? encodeURIComponent(value).replace(/%2F/g, "/") : value);
  const parts = [
    `<Name>${xml(bucket)}</Name>`,
    `<Prefix>${text(prefix)}</Prefix>`,
    delimiter ? `<Delimiter>${text(delimiter)}</Delimiter>` : "",
    startAfter ? `<StartAfter>${text(startAfter)}</StartAfter>` : "",
    token !== undefined ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : "",
    `<MaxKeys>${maxKeys}</MaxKeys>`,
    `<KeyCount>${contents.length + prefixes.length}</KeyCount>`,
    `<IsTruncated>${truncated}</IsTruncated>`,
    truncated
      ? `<NextContinuationToken>${Buffer.from(JSON.stringify({ after: last })).toString("base64url")}</NextContinuationToken>`
      : "",
    urlEncoded ? "<EncodingType>url</EncodingType>" : "",
    ...contents.map(
      (m) =>
        `<Contents><Key>${text(m.key)}</Key><LastModified>${m.lastModified}</LastModified><ETag>${xml(m.etag)}</ETag><Size>${m.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    ),
    ...prefixes.map((p) => `<CommonPrefixes><Prefix>${text(p)}</Prefix></CommonPrefixes>`),
  ];
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join("")}</ListBucketResult>`,
    200,
    { "Content-Type": "application/xml" },
  );
}

/** S3 lists keys in the byte order of their UTF-8. */
function utf8Order(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

// ---------------------------------------------------------------------------------------------
// Requests and answers

function s3Error(
  c: Context,
  status: 400 | 403 | 404 | 405 | 412 | 501,
  code: string,
  message: string,
  key?: string,
  extra: Record<string, string | number> = {},
) {
  const more = Object.entries(extra)
    .map(([name, value]) => `<${name}>${xml(String(value))}</${name}>`)
    .join("");
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message>${key !== undefined ? `<Key>${xml(key)}</Key>` : ""}${more}<RequestId>${randomUUID()}</RequestId></Error>`,
    status,
    { "Content-Type": "application/xml" },
  );
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (value: string) =>
  value.replace(
    // eslint-disable-next-line no-control-regex -- control characters are escaped as references
    /[&<>"']|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g,
    (ch) => XML_ESCAPES[ch] ?? `&#${ch.charCodeAt(0)};`,
  );

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const validBucket = (bucket: string) => BUCKET.test(bucket) && !bucket.includes("..");

/**
 * Keys are at most 1,024 bytes of UTF-8 and, here, never hold a `.` or `..` segment or a NUL:
 * nothing stored can be read back under another name.
 */
function keyProblem(key: string): "long" | "invalid" | undefined {
  if (Buffer.byteLength(key, "utf8") > 1024) return "long";
  if (key.includes("\u0000")) return "invalid";
  if (key.split("/").some((segment) => segment === "." || segment === "..")) return "invalid";
  return undefined;
}

function userMetadata(c: Context): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.req.header())) {
    if (name.toLowerCase().startsWith("x-amz-meta-")) metadata[name.toLowerCase().slice("x-amz-meta-".length)] = value;
  }
  return metadata;
}

function isAwsChunked(c: Context): boolean {
  return (
    (c.req.header("content-encoding") ?? "").split(",").some((e) => e.trim() === "aws-chunked") ||
    (c.req.header("x-amz-content-sha256") ?? "").startsWith("STREAMING-")
  );
}

/** The payload of an `aws-chunked` body: `<hex size>[;ext]\r\n<bytes>\r\n` ... `0\r\n<trailers>\r\n`. */
export function decodeAwsChunked(body: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString("latin1").split(";")[0]!.trim(), 16);
    if (!Number.isFinite(size) || size <= 0) break;
    const start = lineEnd + 2;
    pieces.push(body.subarray(start, start + size));
    at = start + size + 2;
  }
  return Buffer.concat(pieces);
}

// ---------------------------------------------------------------------------------------------
// Storage

interface ObjectMeta {
  key: string;
  size: number;
  etag: string;
  /** ISO 8601. */
  lastModified: string;
  contentType: string;
  metadata: Record<string, string>;
}

interface ObjectStore {
  put(bucket: string, meta: ObjectMeta, body: Buffer): Promise<void>;
  head(bucket: string, key: string): Promise<ObjectMeta | undefined>;
  body(bucket: string, meta: ObjectMeta): Promise<Buffer | undefined>;
  delete(bucket: string, key: string): Promise<void>;
  list(bucket: string): Promise<ObjectMeta[]>;
}

class MemoryStore implements ObjectStore {
  private readonly buckets = new Map<string, Map<string, { meta: ObjectMeta; body: Buffer }>>();

  private bucket(name: string) {
    let bucket = this.buckets.get(name);
    if (!bucket) this.buckets.set(name, (bucket = new Map()));
    return bucket;
  }

  async put(bucket: string, meta: ObjectMeta, body: Buffer) {
    this.bucket(bucket).set(meta.key, { meta, body });
  }

  async head(bucket: string, key: string) {
    return this.bucket(bucket).get(key)?.meta;
  }

  async body(bucket: string, meta: ObjectMeta) {
    return this.bucket(bucket).get(meta.key)?.body;
  }

  async delete(bucket: string, key: string) {
    this.bucket(bucket).delete(key);
  }

  async list(bucket: string) {
    return [...this.bucket(bucket).values()].map((o) => o.meta);
  }
}

/**
 * One file per object, named by its key percent-encoded (dots too, so no name is `.`/`..` and
 * none ends in `.meta`), or by a hash of the key when that name would be too long; `<name>.meta`
 * beside it holds the key and headers.
 */
class FileStore implements ObjectStore {
  constructor(private readonly dir: string) {}

  private fileOf(bucket: string, key: string): string {
    const encoded = encodeURIComponent(key).replace(
      /[.*!'()~]/g,
      (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    const name = encoded.length <= 200 ? encoded : `#${createHash("sha256").update(key).digest("hex")}`;
    return join(this.dir, bucket, name);
  }

  async put(bucket: string, meta: ObjectMeta, body: Buffer) {
    const file = this.fileOf(bucket, meta.key);
    await mkdir(join(this.dir, bucket), { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
    await writeFile(temp, JSON.stringify(meta));
    await rename(temp, `${file}.meta`);
  }

  async head(bucket: string, key: string) {
    try {
      const meta = JSON.parse(await readFile(`${this.fileOf(bucket, key)}.meta`, "utf8")) as ObjectMeta;
      return meta.key === key ? meta : undefined;
    } catch {
      return undefined;
    }
  }

  async body(bucket: string, meta: ObjectMeta) {
    try {
      return await readFile(this.fileOf(bucket, meta.key));
    } catch {
      return undefined;
    }
  }

  async delete(bucket: string, key: string) {
    const file = this.fileOf(bucket, key);
    await rm(`${file}.meta`, { force: true });
    await rm(file, { force: true });
  }

  async list(bucket: string) {
    let names: string[];
    try {
      names = await readdir(join(this.dir, bucket));
    } catch {
      return [];
    }
    const metas = await Promise.all(
      names
        .filter((name) => name.endsWith(".meta"))
        .map(async (name) => {
          try {
            return JSON.parse(await readFile(join(this.dir, bucket, name), "utf8")) as ObjectMeta;
          } catch {
            return undefined;
          }
        }),
    );
    return metas.filter((meta): meta is ObjectMeta => meta !== undefined);
  }
}
