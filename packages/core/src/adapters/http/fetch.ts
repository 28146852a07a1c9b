import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { isPrivateAddress } from "../../lib/syndication/rules.ts";

export const DEFAULT_USER_AGENT = "graph-feed-fetcher/1.0 (+https://graph.example/bot)";
export const DEFAULT_ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.7, */*;q=0.5";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (every one is checked before connecting). */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface GuardedFetchOptions {
  /** ETag stored from the previous fetch, sent as If-None-Match. */
  etag?: string;
  /** Last-Modified stored from the previous fetch, sent as If-Modified-Since. */
  lastModified?: string;
  /** When false, loopback, private, link-local and metadata addresses are refused. */
  allowPrivate: boolean;
  /** Time allowed for name resolution plus the TCP (and TLS) handshake of each hop. Default 5000. */
  connectTimeoutMs?: number;
  /** Time allowed for the whole fetch, redirects and body included. Default 15000. */
  totalTimeoutMs?: number;
  /** Largest body accepted, counted after decompression. Default 5 MB. */
  maxBytes?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  /** Sent as `Referer` (a picture's page: some sites refuse pictures asked without one). */
  referer?: string;
  /** Name resolution used at connect time. Defaults to the system resolver. */
  resolveHost?: ResolveHost;
  /** Address classification applied when `allowPrivate` is false. Defaults to `isPrivateAddress`. */
  isBlockedAddress?: (ip: string) => boolean;
}

export type FetchOutcome =
  | {
      kind: "ok";
      status: number;
      body: string;
      contentType?: string;
      etag?: string;
      lastModified?: string;
      /** The page's `X-Robots-Tag` header(s), joined: what it asks of those who keep copies. */
      robotsTag?: string;
      finalUrl: string;
    }
  | { kind: "not-modified"; finalUrl: string }
  | {
      kind: "error";
      /** Human readable; stored as the source's last error. */
      error: string;
      status?: number;
      retryAfterSeconds?: number;
      retryable: boolean;
    };

type ErrorOutcome = Extract<FetchOutcome, { kind: "error" }>;

class FetchFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "FetchFailure";
  }

  toOutcome(): ErrorOutcome {
    const outcome: ErrorOutcome = { kind: "error", error: this.message, retryable: this.retryable };
    if (this.status !== undefined) outcome.status = this.status;
    if (this.retryAfterSeconds !== undefined) outcome.retryAfterSeconds = this.retryAfterSeconds;
    return outcome;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const defaultResolveHost: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * GET a feed (or a page) with the protections a server fetching user-supplied URLs needs:
 * http/https only, every connection's address checked when it is made (so a name cannot
 * resolve to a public address for a check and a private one for the connection), every
 * redirect re-checked, bounded redirects, connect and total timeouts, a body size cap
 * counted after decompression, conditional GET, and charset-aware decoding.
 * Never throws: every failure is an `error` outcome.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<FetchOutcome> {
  const outcome = await guardedRequest(url, options);
  if (outcome.kind !== "ok") return outcome;
  const { bytes, ...rest } = outcome;
  return { ...rest, body: decodeBody(bytes, outcome.contentType) };
}

/** What `guardedFetchBytes` answers: `guardedFetch`'s outcomes, with the body's bytes as they came. */
export type BytesOutcome =
  (Omit<Extract<FetchOutcome, { kind: "ok" }>, "body"> & { bytes: Buffer }) | Exclude<FetchOutcome, { kind: "ok" }>;

/**
 * `guardedFetch` for a body that is not text (a picture): the same guard, caps and timeouts, the
 * body's bytes undecoded. The byte cap is counted while the body streams in, so a 1 GB answer is
 * cut off at the cap, never held.
 */
export function guardedFetchBytes(url: string, options: GuardedFetchOptions): Promise<BytesOutcome> {
  return guardedRequest(url, options);
}

async function guardedRequest(url: string, options: GuardedFetchOptions): Promise<BytesOutcome> {
  const settings = {
    connectTimeoutMs: options.connectTimeoutMs ?? 5000,
    totalTimeoutMs: options.totalTimeoutMs ?? 15000,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    accept: options.accept ?? DEFAULT_ACCEPT,
    resolveHost: options.resolveHost ?? defaultResolveHost,
    isBlocked: options.allowPrivate ? () => false : (options.isBlockedAddress ?? isPrivateAddress),
  };
  const controller = new AbortController();
  const totalTimer = setTimeout(
    () => controller.abort(new FetchFailure(`timed out after ${settings.totalTimeoutMs} ms`, true)),
    settings.totalTimeoutMs,
  );
  let current: URL | undefined;
  try {
    try {
      current = new URL(url);
    } catch {
      throw new FetchFailure(`invalid URL: ${url}`, false);
    }
    for (let redirects = 0; ; redirects++) {
      const result = await fetchOnce(current, redirects > 0, settings, options, controller.signal);
      if (result.kind !== "redirect") return result;
      if (redirects >= settings.maxRedirects) {
        throw new FetchFailure(`too many redirects (more than ${settings.maxRedirects})`, false);
      }
      try {
        current = new URL(result.location, current);
      } catch {
        throw new FetchFailure(`redirect to an invalid URL: ${result.location}`, false);
      }
    }
  } catch (error) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
    return toFailure(reason, current?.host ?? url).toOutcome();
  } finally {
    clearTimeout(totalTimer);
  }
}

type HopResult = Exclude<BytesOutcome, { kind: "error" }> | { kind: "redirect"; location: string };

interface HopSettings {
  connectTimeoutMs: number;
  maxBytes: number;
  userAgent: string;
  accept: string;
  resolveHost: ResolveHost;
  isBlocked: (ip: string) => boolean;
}

function fetchOnce(
  url: URL,
  redirected: boolean,
  settings: HopSettings,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<HopResult> {
  const what = redirected ? `redirect to ${url.href}` : url.href;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(new FetchFailure(`refused ${what}: only http and https URLs can be fetched`, false));
  }
  const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(hostname) && settings.isBlocked(hostname)) {
    return Promise.reject(new FetchFailure(`refused ${what}: ${hostname} is a private address`, false));
  }

  const lookup: LookupFunction = (name, lookupOptions, callback) => {
    const family = lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === "IPv6" ? 6 : lookupOptions.family;
    settings.resolveHost(name).then(
      (found) => {
        const addresses = found.filter((entry) => !family || entry.family === family);
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`could not resolve ${name}`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        const blocked = addresses.find((entry) => settings.isBlocked(entry.address));
        if (blocked) {
          callback(
            new FetchFailure(`refused ${what}: ${name} resolves to a private address (${blocked.address})`, false),
            "",
            0,
          );
          return;
        }
        if (lookupOptions.all)
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };

  const headers: Record<string, string> = {
    "user-agent": settings.userAgent,
    accept: settings.accept,
    "accept-encoding": "gzip, deflate, br",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  if (options.referer) headers.referer = options.referer;

  return new Promise<HopResult>((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers,
      lookup,
      agent: false,
      signal,
    });
    const connectTimer = setTimeout(() => {
      request.destroy(
        new FetchFailure(`could not connect to ${url.host} within ${settings.connectTimeoutMs} ms`, true),
      );
    }, settings.connectTimeoutMs);
    request.on("socket", (socket: Socket) => {
      if (!socket.connecting) {
        clearTimeout(connectTimer);
        return;
      }
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    request.on("close", () => clearTimeout(connectTimer));
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.on("response", (response) => {
      clearTimeout(connectTimer);
      const status = response.statusCode ?? 0;
      const finalUrl = stripHash(url);
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) reject(new FetchFailure(`HTTP ${status} redirect without a Location header`, false, status));
        else resolve({ kind: "redirect", location });
        return;
      }
      if (status === 304) {
        response.destroy();
        resolve({ kind: "not-modified", finalUrl });
        return;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        reject(httpFailure(status, response.statusMessage, response.headers["retry-after"]));
        return;
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > settings.maxBytes) {
        response.destroy();
        reject(tooLarge(settings.maxBytes));
        return;
      }
      readBody(response, settings.maxBytes).then((bytes) => {
        const contentType = header(response.headers["content-type"]);
        const outcome: HopResult = { kind: "ok", status, bytes, finalUrl };
        if (contentType) outcome.contentType = contentType;
        const etag = header(response.headers.etag);
        if (etag) outcome.etag = etag;
        const lastModified = header(response.headers["last-modified"]);
        if (lastModified) outcome.lastModified = lastModified;
        const robots = response.headers["x-robots-tag"];
        if (robots) outcome.robotsTag = Array.isArray(robots) ? robots.join(", ") : robots;
        resolve(outcome);
      }, reject);
    });
    request.end();
  });
}

async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = (header(response.headers["content-encoding"]) ?? "").trim().toLowerCase();
  let decoder: Transform;
  try {
    decoder = contentDecoder(encoding);
  } catch (error) {
    response.destroy();
    throw error;
  }
  let decodingFailed = false;
  decoder.once("error", (error: NodeJS.ErrnoException) => {
    decodingFailed = error.name !== "AbortError" && error.code !== "ERR_STREAM_PREMATURE_CLOSE";
  });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    await pipeline(response, decoder, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        total += chunk.length;
        if (total > maxBytes) throw tooLarge(maxBytes);
        chunks.push(chunk);
      }
    });
  } catch (error) {
    // The pipeline may report the abort it caused rather than the reason for it.
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (error instanceof FetchFailure) throw error;
    if (decodingFailed && encoding && encoding !== "identity" && error instanceof Error) {
      throw new FetchFailure(`could not decompress the ${encoding} response: ${error.message}`, true);
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

function contentDecoder(encoding: string): Transform {
  switch (encoding) {
    case "":
    case "identity":
      return new PassThrough();
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "br":
      return zlib.createBrotliDecompress();
    case "deflate":
      return deflateDecoder();
    default:
      throw new FetchFailure(`unsupported content encoding "${encoding}"`, false);
  }
}

/** "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: look at the first byte. */
function deflateDecoder(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inner) {
        inner = ((chunk[0] ?? 0) & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
        inner.on("data", (data: Buffer) => this.push(data));
        inner.on("error", (error) => this.destroy(error));
      }
      inner.write(chunk, () => callback());
    },
    flush(callback) {
      if (!inner) return callback();
      inner.once("end", () => callback());
      inner.end();
    },
  });
}

/**
 * Decode by, in order: a byte-order mark, the charset of Content-Type, the XML declaration's
 * (or an HTML meta tag's) encoding, else UTF-8. A declared encoding is followed: invalid bytes
 * become U+FFFD one by one, so one bad byte cannot turn a whole UTF-8 feed into mojibake.
 * Two cases read otherwise: a body the server calls UTF-8 that is not, whose own declaration
 * names another encoding (the server's label is the wrong one), is read by that declaration;
 * an undeclared body that is not valid UTF-8 is read as windows-1252, the usual encoding of
 * feeds that say nothing.
 */
export function decodeBody(bytes: Uint8Array, contentType?: string): string {
  const bom = bomEncoding(bytes);
  if (bom) return decodeAs(bom, bytes);
  const served = knownEncoding(charsetOf(contentType));
  const inDocument = knownEncoding(documentEncoding(bytes));
  const declared = served ?? inDocument;
  if (declared !== "utf-8") return decodeAs(declared ?? "utf-8", bytes, { orWindows1252: declared === undefined });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    if (inDocument && inDocument !== "utf-8") return decodeAs(inDocument, bytes);
    return decodeAs("utf-8", bytes);
  }
}

/** The WHATWG name of an encoding label, or undefined for a label no decoder knows. */
function knownEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function decodeAs(encoding: string, bytes: Uint8Array, options: { orWindows1252?: boolean } = {}): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  if (options.orWindows1252) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      return decodeWindows1252(bytes);
    }
  }
  return new TextDecoder(encoding).decode(bytes);
}

/** windows-1252 characters for bytes 0x80–0x9F (the WHATWG index; the rest equals Latin-1). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node's TextDecoder (20.18.3 and later 20.x) decodes windows-1252, and the labels that mean it
 * such as iso-8859-1 and us-ascii, as Latin-1, turning curly quotes and € into control
 * characters; the 32 bytes that differ are mapped here.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (char) => String.fromCharCode(WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? 0xfffd));
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = contentType?.match(/;\s*charset\s*=\s*("?)([^";\s]+)\1/i);
  return match?.[2]?.toLowerCase();
}

function documentEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  const declared =
    head.match(/^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/)?.[1] ??
    head.match(/<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i)?.[1];
  // A document readable as ASCII far enough to declare UTF-16 is not UTF-16.
  if (!declared || /^utf-?16/i.test(declared)) return undefined;
  return declared.toLowerCase();
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function stripHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

function tooLarge(maxBytes: number): FetchFailure {
  return new FetchFailure(`response larger than ${maxBytes} bytes`, false);
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function httpFailure(status: number, statusMessage: string | undefined, retryAfter: string | undefined): FetchFailure {
  const retryAfterSeconds = status === 429 || status === 503 ? parseRetryAfter(retryAfter) : undefined;
  const retryable = status >= 500 || status === 408 || status === 429;
  let message = `HTTP ${status}${statusMessage ? ` ${statusMessage}` : ""}`;
  if (retryAfterSeconds !== undefined) message += ` (retry after ${retryAfterSeconds} s)`;
  return new FetchFailure(message, retryable, status, retryAfterSeconds);
}

function toFailure(error: unknown, host: string): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (error instanceof Error && error.cause instanceof FetchFailure) return error.cause;
  const code = error instanceof Error && "code" in error ? String((error as NodeJS.ErrnoException).code) : "";
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new FetchFailure(`could not resolve ${host}`, true);
    case "ECONNREFUSED":
      return new FetchFailure(`connection refused by ${host}`, true);
    case "ECONNRESET":
    case "ERR_STREAM_PREMATURE_CLOSE":
      return new FetchFailure(`connection to ${host} was reset`, true);
    case "ETIMEDOUT":
      return new FetchFailure(`connection to ${host} timed out`, true);
    default:
      return new FetchFailure(`could not fetch ${host}: ${message}`, true);
  }
}
