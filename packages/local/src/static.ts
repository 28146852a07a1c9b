import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Context } from "hono";
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import { EncodedFiles, MIN_COMPRESSIBLE_BYTES, isCompressible, negotiateEncoding } from "./compression.ts";

/** Vite names everything under /assets/ by its content hash, so a URL there never changes meaning. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, robots.txt, the theme script) may change with any build: revalidate. */
export const REVALIDATE = "no-cache";

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * Brotli or gzip as the browser accepts, index.html for client-side routes (paths without a
 * file extension) and 404 for missing files (a missing script must not answer with HTML).
 */
export function webApp(
  distDir: string,
  options: {
    /**
     * index.html made for one path (a profile's title and preview tags), or undefined to serve
     * it as built.
     */
    indexFor?: (path: string, html: string) => Promise<string | undefined>;
  } = {},
) {
  const root = resolve(distDir);
  const index = join(root, "index.html");
  const encoded = new EncodedFiles();
  const app = new Hono();

  app.get("/*", async (c) => {
    // Checked per request, so a runtime started before the first build serves it once built.
    if (!existsSync(index)) {
      return c.text("The web app is not built yet: run `npm run build -w web` (npm start does this for you).", 503);
    }
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text("Bad request", 400);
    }
    const file = resolve(root, `.${path}`);
    // `..` (plain or encoded) must not reach files outside the build.
    if (file !== root && !file.startsWith(root + sep)) return c.text("Not found", 404);
    if (await isFile(file)) {
      return sendFile(c, file, path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE, encoded);
    }
    if (extname(path)) {
      c.header("Cache-Control", REVALIDATE);
      return c.text("Not found", 404);
    }
    if (options.indexFor) {
      const page = await options.indexFor(path, await readFile(index, "utf8"));
      if (page !== undefined) return c.html(page, 200, { "Cache-Control": REVALIDATE });
    }
    return sendFile(c, index, REVALIDATE, encoded);
  });
  return app;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function sendFile(c: Context, file: string, cacheControl: string, encoded: EncodedFiles): Promise<Response> {
  const info = await stat(file);
  const contentType = getMimeType(file) ?? "application/octet-stream";
  const version = `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`;
  const compressible = isCompressible(contentType) && info.size >= MIN_COMPRESSIBLE_BYTES;
  const encoding = compressible ? negotiateEncoding(c.req.header("accept-encoding")) : undefined;
  const etag = `"${version}${encoding ? `-${encoding}` : ""}"`;

  const headers: Record<string, string> = { "Content-Type": contentType, "Cache-Control": cacheControl, ETag: etag };
  // Caches must keep the encodings apart, even for a client that asked for none.
  if (compressible) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;

  if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  const body = encoding ? await encoded.get(file, version, encoding) : await readFile(file);
  headers["Content-Length"] = String(body.length);
  return c.body(new Uint8Array(body), 200, headers);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || t === etag;
  });
}
