import { request as httpRequest } from "node:http";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRuntime, type Runtime } from "@graph/local/runtime";

/**
 * How the local runtime delivers the built web app, against a small fake build in a temp dir
 * (no `vite build` needed): compression, caching, robots.txt, 404s and security headers.
 */

const SCRIPT = `console.log(${JSON.stringify("graph ".repeat(600))});\n`;
const PRECOMPRESSED = `console.log("precompressed at build time");\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>graph</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const ROBOTS = "User-agent: *\nAllow: /\nDisallow: /home\n";

let dist: string;
let runtime: Runtime;
const savedEnv = { ...process.env };

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "graph-web-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), INDEX);
  await writeFile(join(dist, "robots.txt"), ROBOTS);
  await writeFile(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  await writeFile(join(dist, "manifest.webmanifest"), '{"name":"graph","start_url":"/home"}');
  await writeFile(join(dist, "assets/index-abc123.js"), SCRIPT);
  await writeFile(join(dist, "assets/index-abc123.css"), `body{color:#111}${"\n.x{margin:0}".repeat(200)}`);
  // A build-time Brotli copy that differs from the file, to tell it from one made per request.
  const bundled = join(dist, "assets/index-abc123.css");
  await writeFile(`${bundled}.br`, brotliCompressSync(PRECOMPRESSED));
  const later = new Date(Date.now() + 1000);
  await utimes(`${bundled}.br`, later, later);
  // A second runtime in this process: it re-points the links, so they are put back afterwards.
  runtime = await startRuntime({ siteUrl: "http://graph.test", webDist: dist });
});

afterAll(async () => {
  await runtime?.stop();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  await rm(dist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP GET that leaves the body as sent (fetch would decode it and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${runtime.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("web delivery", () => {
  it("answers Brotli when accepted, gzip when only that is, and plain text otherwise", async () => {
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const refused = await get("/assets/index-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/assets/index-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("serves the build's precompressed copy rather than compressing again", async () => {
    const css = await get("/assets/index-abc123.css", { "accept-encoding": "br" });
    expect(css.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(css.body).toString()).toBe(PRECOMPRESSED);
  });

  it("caches hashed assets for a year and makes index.html and client routes revalidate", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/^text\/javascript/);

    for (const path of ["/", "/index.html", "/login", "/home/find"]) {
      const page = await get(path, { "accept-encoding": "br" });
      expect(page.status, path).toBe(200);
      expect(page.headers["content-type"], path).toMatch(/^text\/html/);
      expect(page.headers["cache-control"], path).toBe("no-cache");
      expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX);
    }
  });

  it("answers 304 to a revalidation with the current ETag", async () => {
    const first = await get("/login");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get("/login", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("makes the service worker and the manifest revalidate, so a new version is found at the next visit", async () => {
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
  });

  it("serves robots.txt as a text file, never the app", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body.toString()).toBe(ROBOTS);
  });

  it("answers 404 for a missing file instead of the app's HTML", async () => {
    for (const path of ["/missing.js", "/assets/index-gone.css", "/favicon.ico"]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers["content-type"], path).not.toMatch(/html/);
    }
  });

  it("keeps requests inside the build folder", async () => {
    const escape = await get("/assets/..%2f..%2f..%2fetc%2fpasswd");
    expect(escape.status).toBe(404);
    expect(escape.body.toString()).not.toContain("root:");
  });

  it("puts the security headers on app pages, assets and API answers", async () => {
    for (const path of ["/login", "/assets/index-abc123.js", "/api/config", "/missing.js"]) {
      const { headers } = await get(path);
      const csp = String(headers["content-security-policy"]);
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toContain("connect-src 'self' ws://graph.test");
      expect(csp, path).toContain("img-src 'self' data:;");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).toContain("form-action 'self'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      // Plain http locally: HSTS would lock the browser out of the local address.
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const api = await get("/api/config");
    expect(api.status).toBe(200);
    expect(api.headers["content-type"]).toMatch(/json/);
  });
});
