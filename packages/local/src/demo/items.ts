import { createHash } from "node:crypto";
import { demoPictureFile } from "./pictures.ts";
import { computeSlots, hourOf, latestOccurrence, unitHash } from "./schedule.ts";
import { SOURCE_DATA } from "./sources/index.ts";
import type { DemoEntry, DemoSourceData, DemoSourceType } from "./types.ts";

/** One item as a demo feed publishes it at a given time. */
export interface DemoArticle {
  sourceId: string;
  sourceType: DemoSourceType;
  /** guid (RSS) or id (Atom). */
  guid: string;
  /** Empty for Bluesky-style posts, which have no title. */
  title: string;
  summary: string;
  /** As written in the feed, campaign parameters included. */
  link: string;
  publishedAt: number;
  author?: string;
  /** Set on items that report the same story as an item in another source. */
  story?: string;
  /** YouTube-style items: the video id. */
  videoId?: string;
  /** RSS and Atom items: the file of its picture, served beside the feeds (pictures.ts). */
  picture?: string;
}

const SLOTS = computeSlots(SOURCE_DATA);
const BY_ID = new Map(SOURCE_DATA.map((source, index) => [source.id, index]));

export function sourceData(id: string): DemoSourceData | undefined {
  const index = BY_ID.get(id);
  return index === undefined ? undefined : SOURCE_DATA[index];
}

/** Every item a source's feed carries during the hour of `now`, newest first. */
export function sourceArticles(sourceId: string, now: number): DemoArticle[] {
  const s = BY_ID.get(sourceId);
  if (s === undefined) return [];
  const source = SOURCE_DATA[s]!;
  const hour = hourOf(now);
  return source.entries
    .map((entry, i) => article(source, entry, i, latestOccurrence(SLOTS[s]![i]!, hour)))
    .sort((a, b) => b.publishedAt - a.publishedAt || a.guid.localeCompare(b.guid));
}

/** Every item of every demo feed during the hour of `now`. */
export function allDemoArticles(now: number): DemoArticle[] {
  return SOURCE_DATA.flatMap((source) => sourceArticles(source.id, now));
}

function article(source: DemoSourceData, entry: DemoEntry, index: number, publishedAt: number): DemoArticle {
  const base = {
    sourceId: source.id,
    sourceType: source.type,
    title: entry.title ?? "",
    summary: entry.summary,
    publishedAt,
    ...(entry.story ? { story: entry.story } : {}),
  };
  const key = `${source.id}|${index}|${publishedAt}`;

  if (source.type === "youtube") {
    const videoId = createHash("sha256").update(key).digest("base64url").slice(0, 11);
    const host = new URL(source.siteUrl).origin;
    return { ...base, guid: `yt:video:${videoId}`, link: `${host}/watch?v=${videoId}`, author: source.name, videoId };
  }

  if (source.type === "bluesky") {
    const rkey = tid(publishedAt, Math.floor(unitHash(key) * 1024));
    return {
      ...base,
      guid: `at://${did(source)}/app.bsky.feed.post/${rkey}`,
      link: `${source.siteUrl}/post/${rkey}`,
    };
  }

  const author = entry.author ?? source.authors?.[index % source.authors.length];
  const slug = slugify(entry.title ?? entry.summary);
  const { yyyy, mm, dd } = dateParts(publishedAt);
  const host = new URL(source.siteUrl).hostname;
  const number = String(Math.floor(publishedAt / 60_000) % 10_000_000) + String(index).padStart(2, "0");
  let canonical: string;
  let guid: string;
  switch (source.linkStyle ?? "dated") {
    case "blog":
      canonical = `${source.siteUrl}/blog/${yyyy}-${mm}-${dd}/${slug}`;
      guid = source.type === "atom" ? `tag:${host},${yyyy}-${mm}-${dd}:/blog/${slug}` : canonical;
      break;
    case "numbered":
      canonical = `${source.siteUrl}/articles/${number}-${slug}`;
      guid = source.type === "atom" ? `tag:${host},${yyyy}:article-${number}` : `${host}/?p=${number}`;
      break;
    default:
      canonical = `${source.siteUrl}/${yyyy}/${mm}/${dd}/${slug}`;
      guid = source.type === "atom" ? `tag:${host},${yyyy}-${mm}-${dd}:/${slug}` : canonical;
  }
  const link = entry.tracked ? canonical + campaign(source.id, index) : canonical;
  return { ...base, guid, link, ...(author ? { author } : {}), picture: demoPictureFile(source.id, index) };
}

/** A link's canonical form as the demo writes it: the link without its campaign parameters. */
export function withoutCampaign(link: string): string {
  const url = new URL(link);
  for (const name of [...url.searchParams.keys()]) if (name.startsWith("utm_")) url.searchParams.delete(name);
  return url.toString();
}

function campaign(sourceId: string, index: number): string {
  return index % 2 === 0
    ? `?utm_source=rss&utm_medium=feed&utm_campaign=${sourceId}`
    : `?utm_source=newsletter&utm_medium=email&utm_campaign=weekly-digest&utm_content=headline`;
}

/** URL slug from a headline; a trailing " - Source Name" is dropped. */
export function slugify(text: string): string {
  return text
    .replace(/\s+-\s+[^-]+$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 9)
    .join("-");
}

function dateParts(ms: number) {
  const d = new Date(ms);
  return {
    yyyy: String(d.getUTCFullYear()),
    mm: String(d.getUTCMonth() + 1).padStart(2, "0"),
    dd: String(d.getUTCDate()).padStart(2, "0"),
  };
}

const S32 = "234567abcdefghijklmnopqrstuvwxyz";

/** An AT Protocol record key (TID): microseconds since the epoch and a clock id, base32-sortable. */
function tid(ms: number, clockId: number): string {
  let n = ((BigInt(ms) * 1000n) << 10n) | BigInt(clockId & 0x3ff);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = S32[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

function did(source: DemoSourceData): string {
  const bytes = createHash("sha256")
    .update(source.handle ?? source.id)
    .digest();
  let out = "";
  for (let i = 0; i < 24; i++) out += "abcdefghijklmnopqrstuvwxyz234567"[bytes[i]! & 31];
  return `did:plc:${out}`;
}
