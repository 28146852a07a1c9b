import { createHash } from "node:crypto";
import { Hono } from "hono";
import { coverJpeg, IMAGE_CACHE_CONTROL } from "../cover-image.ts";

/**
 * The Google stand-in's YouTube: a fixed catalogue of made-up channels, each test identity's
 * subscriptions among them (the same for the same e-mail every time; the five most popular
 * channels are in everyone's, the rest overlap by chance), the identity's own channel, and
 * the Data API v3's answers and errors in Google's shapes.
 */

export const IMAGES_PATH = "/_youtube-images";
/** Where the Data API answers, under the stand-in's path. */
export const YOUTUBE_API_PATH = "/youtube/v3";

export interface Channel {
  id: string;
  title: string;
  description: string;
}

const FIRST = [
  "Kitchen",
  "Tiny",
  "Field",
  "Pocket",
  "Open",
  "Slow",
  "Deep",
  "Bright",
  "Weekend",
  "Garden",
  "Night",
  "Simple",
  "Curious",
  "Wild",
  "Urban",
  "Paper",
  "Quiet",
  "Backyard",
  "Coastal",
  "Rainy Day",
];
const SECOND = [
  "Physics",
  "Workshop",
  "Notes",
  "Science",
  "History",
  "Cooking",
  "Maps",
  "Music Theory",
  "Woodworking",
  "Astronomy",
];

/** How many channels everyone is subscribed to (the catalogue's first). */
export const SHARED_CHANNELS = 5;
const MIN_SUBSCRIPTIONS = 20;
const MAX_SUBSCRIPTIONS = 120;

const digest = (text: string) => createHash("sha256").update(text).digest();
const unit = (seed: string) => digest(seed).readUInt32BE(0) / 2 ** 32;

/** A channel id (`UC` and 22 base64url characters, the last one of four, as YouTube's are). */
export function channelIdOf(seed: string): string {
  const body = digest(`channel:${seed}`).toString("base64url").slice(0, 21);
  return `UC${body}${"AQgw"[digest(`last:${seed}`)[0]! % 4]}`;
}

let channels: Channel[] | undefined;

/** The 200 channels, most popular first. */
export function channelCatalogue(): Channel[] {
  channels ??= SECOND.flatMap((topic) => FIRST.map((word) => ({ title: `${word} ${topic}`, topic })))
    .sort((a, b) => unit(`popular:${a.title}`) - unit(`popular:${b.title}`))
    .map(({ title, topic }) => ({
      id: channelIdOf(title),
      title,
      description: `${title}: videos about ${topic.toLowerCase()}, every week.`,
    }));
  return channels;
}

const normalized = (email: string) => email.trim().toLowerCase();

/**
 * An identity's subscriptions in YouTube's default ("relevance") order: the shared channels and
 * a number (20–120 in all) of others, drawn from the e-mail.
 */
export function subscriptionsOf(email: string): Channel[] {
  const who = normalized(email);
  const all = channelCatalogue();
  const count =
    MIN_SUBSCRIPTIONS + (digest(`count:${who}`).readUInt16BE(0) % (MAX_SUBSCRIPTIONS - MIN_SUBSCRIPTIONS + 1));
  const others = all
    .slice(SHARED_CHANNELS)
    .map((c) => ({ c, score: unit(`${who}:${c.id}`) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, count - SHARED_CHANNELS)
    .map(({ c }) => c);
  const mixed = [...all.slice(0, SHARED_CHANNELS), ...others];
  return mixed
    .map((c, i) => ({ c, score: unit(`order:${who}:${c.id}`) + i / mixed.length }))
    .sort((a, b) => a.score - b.score)
    .map(({ c }) => c);
}

/** The identity's own channel. */
export const ownChannelOf = (email: string, name: string): Channel => ({
  id: channelIdOf(`own:${normalized(email)}`),
  title: name,
  description: "",
});

/**
 * YouTube's page tokens encode the offset as a protobuf (`CAUQAA` is item 5, forwards):
 * field 1 the offset (varint), field 2 the direction (0 next, 1 previous).
 */
export function pageToken(offset: number, previous = false): string {
  const bytes = [0x08];
  let n = offset;
  do {
    bytes.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  bytes.push(0x10, previous ? 1 : 0);
  return Buffer.from(bytes).toString("base64url");
}

/** The offset a page token stands for, or undefined when it is not one of ours. */
export function offsetOf(token: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{4,16}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  if (bytes[0] !== 0x08) return undefined;
  let offset = 0;
  let shift = 0;
  let i = 1;
  for (; i < bytes.length; i++) {
    offset += (bytes[i]! & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(bytes[i]! & 0x80)) break;
  }
  if (bytes[i + 1] !== 0x10 || i + 3 !== bytes.length || bytes[i + 2]! > 1) return undefined;
  return offset;
}

/** An etag as YouTube's look, drawn from what it tags. */
export const etagOf = (value: unknown) => digest(JSON.stringify(value)).toString("base64url").slice(0, 27);

/**
 * The thumbnails YouTube lists for a channel (88, 240 and 800 pixels square): with their sizes
 * in `channels`, as bare URLs in `subscriptions`.
 */
export function thumbnailsOf(imagesUrl: string, channelId: string, withSizes: boolean) {
  const thumbnail = (size: number) => ({
    url: `${imagesUrl}${IMAGES_PATH}/ytc/${channelId}=s${size}-c-k-c0x00ffffff-no-rj`,
    ...(withSizes ? { width: size, height: size } : {}),
  });
  return { default: thumbnail(88), medium: thumbnail(240), high: thumbnail(800) };
}

/** A date in the past, the same for the same seed. */
export const publishedAt = (seed: string) =>
  new Date(Date.UTC(2012, 0, 1) + Math.floor(unit(seed) * 12 * 365) * 86_400_000).toISOString();

/** Google's API error body. */
export function apiError(
  code: 400 | 401 | 403 | 404,
  message: string,
  reason: string,
  extra: { domain?: string; location?: string; locationType?: string; status?: string } = {},
) {
  const { domain = "global", status, ...where } = extra;
  return {
    error: {
      code,
      message,
      errors: [{ message, domain, reason, ...where }],
      ...(status ? { status } : {}),
    },
  };
}

/** YouTube's thumbnail host (yt3.ggpht.com): a generated square for each channel. */
export function youtubeImagesApp(titleOf: (channelId: string) => string | undefined) {
  const sizes = new Set([88, 240, 800]);
  return new Hono().get("/ytc/:file", async (c) => {
    const match = /^(UC[A-Za-z0-9_-]{22})=s(\d+)-c-k-c0x00ffffff-no-rj$/.exec(c.req.param("file"));
    const title = match && titleOf(match[1]!);
    const size = Number(match?.[2]);
    if (!match || !title || !sizes.has(size)) return c.text("Not Found", 404);
    const jpeg = await coverJpeg({ title, byline: "YouTube", seed: match[1]! }, size, 1);
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg", "Cache-Control": IMAGE_CACHE_CONTROL });
  });
}
