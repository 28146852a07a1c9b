import { createHash } from "node:crypto";

/**
 * What graph counts, in CloudWatch's embedded metric format on AWS (namespace `graph`, dimension
 * `service` = `graph-<stage>`) and in the local runtime's counters. The alarms
 * (packages/functions/src/ops/alarms.ts) and the dashboard (infra/monitoring.ts) name these.
 */
export const METRICS = {
  FeedsFetched: "feeds fetched and read (a host job's source that answered)",
  FeedsFailed: "feeds whose fetch or parse failed",
  FeedsPaused: "sources paused after failing for long",
  ArticlesStored: "new articles kept",
  PicturesStored: "articles given a picture (kept as WebP on graph's origin)",
  FeedRefreshes: "feed refreshes (new sessions of picks)",
  FeedPicks: "articles picked into sessions",
  DigestsQueued: "digests found due and queued (people subscribed whose time came)",
  DigestsSent: "digests sent",
  DigestsEmpty: "due digests skipped as empty (nothing new to send): as good as sent for the digest-silence alarm",
  DigestsFailed: "digests that failed (delivered again by the queue)",
  Imports: "imports finished (OPML, watch history)",
  ImportRows: "rows of the files imported",
  ChatMessages: "chat messages sent",
  DynamoThrottled: "DynamoDB attempts answered with a throttle",
  ApiRequests: "API requests answered",
  Api5xx: "API answers of 500 or more",
  ApiErrors: "API error answers, by their code (dimension `code`)",
  Invocations: "handler invocations, by function (dimension `function`)",
  Failures: "invocations or messages that failed, by function (dimension `function`)",
} as const;
export type MetricName = keyof typeof METRICS;

export const METRIC_NAMESPACE = "graph";

/** The `service` dimension every metric carries: one per stage, so stages' alarms stay apart. */
export const serviceName = (stage: string) => `graph-${stage}`;

/** A person named in logs: a stable hash of their id, never the id's owner's e-mail or name. */
export function personHash(userId: string): string {
  return `p_${createHash("sha256").update(`graph-person:${userId}`).digest("hex").slice(0, 16)}`;
}

/** Keys whose values are never logged: what a person wrote or could sign in with. */
const SECRET_KEY =
  /(e-?mail|token|cookie|password|secret|authorization|jwt|signature|^text$|^body$|^content$|^message$|^html$|^subject$|^code$|^otp$)/i;
/** Keys that name a person: logged as their hash. */
const PERSON_KEY = /^(userId|senderId|recipientId|ownerId|followerId|followeeId|personId|authorId)$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** JWTs and long opaque tokens (session ids, signed links, keys). */
const TOKEN = /\beyJ[\w-]+\.[\w-]+\.[\w-]+|[A-Za-z0-9_-]{40,}/g;

/** A string with every e-mail address and token in it blanked out. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(TOKEN, "[token]");
}

/** An id as graph makes them (people's included: `randomUUID()`), in any case. */
const ID = /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi;

/**
 * An error's text fit for a log: e-mail addresses and tokens blanked, and every id hashed as a
 * person's is (`personHash`). An ORM's or SDK's message quotes the keys it was given ("user#<id>",
 * a condition's values), and an id there may be a person's; hashed, it still matches the `person`
 * of the same person's records.
 */
function scrubError(text: string): string {
  return scrub(text.replace(ID, (id) => personHash(id.toLowerCase())));
}

/** An error as a log may hold it: its kind, scrubbed message and stack, and its cause's kind. */
function errorFields(error: Error, depth: number): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: scrubError(error.message),
    ...(typeof code === "string" ? { errorCode: code } : {}),
    ...(error.stack ? { stack: scrubError(error.stack) } : {}),
    ...(error.cause !== undefined && depth < 2 ? { cause: redact(error.cause, depth + 1) } : {}),
  };
}

/**
 * A value made fit for a log: secrets' keys blanked, people's ids hashed, e-mail addresses and
 * tokens blanked wherever they appear in text, errors reduced to their kind and message.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (value instanceof Error) return errorFields(value, depth);
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (PERSON_KEY.test(key) && typeof item === "string") out[key] = personHash(item);
    else if (SECRET_KEY.test(key)) out[key] = "[redacted]";
    else out[key] = redact(item, depth + 1);
  }
  return out;
}
