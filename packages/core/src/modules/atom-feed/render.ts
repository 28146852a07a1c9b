import { createHash } from "node:crypto";

/** One entry of an Atom feed: a picked article. Times are epoch milliseconds. */
export interface AtomEntry {
  /** A permanent, unique IRI (a `tag:` URI). */
  id: string;
  title: string;
  link: string;
  published: number;
  updated: number;
  /** The source's name, as the entry's author. */
  author: string;
  summary?: string;
  /** Each a `<category term="…"/>`: the topics that matched. */
  categories: string[];
}

export interface AtomDocument {
  id: string;
  title: string;
  /** The feed's own address. */
  selfUrl: string;
  /** The page the feed stands for (the person's feed on the site). */
  alternateUrl: string;
  author: string;
  updated: number;
  entries: AtomEntry[];
}

/** Characters XML 1.0 cannot hold at all (controls other than tab and line ends, lone surrogates, U+FFFE/F). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text made safe for XML content and (double- or single-quoted) attributes; characters XML cannot hold are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** An http(s) address as given, else undefined (a feed reader must never get a `javascript:` link). */
export function webLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A `tag:` URI (RFC 4151): `tag:<authority>,<date>:<specific>`, the specific part percent-encoded. */
export function tagUri(authority: string, date: string, specific: string): string {
  return `tag:${authority.toLowerCase()},${date}:${encodeURIComponent(specific)}`;
}

const rfc3339 = (ms: number) => new Date(ms).toISOString();

/** The first `max` characters of a text (whole code points), trimmed, with an ellipsis when cut. */
function shortened(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/**
 * An Atom 1.0 document (RFC 4287). Every text and attribute is escaped; an entry whose link is
 * not http(s) links to the feed's page instead.
 */
export function renderAtom(doc: AtomDocument, options: { summaryChars: number }): string {
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${escapeXml(doc.id)}</id>`,
    `  <title type="text">${escapeXml(doc.title)}</title>`,
    `  <updated>${rfc3339(doc.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(doc.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(doc.alternateUrl)}"/>`,
    `  <author><name>${escapeXml(doc.author)}</name></author>`,
    `  <generator>graph</generator>`,
  ];
  for (const entry of doc.entries) {
    const summary = entry.summary?.trim() ? shortened(entry.summary, options.summaryChars) : undefined;
    lines.push(
      `  <entry>`,
      `    <id>${escapeXml(entry.id)}</id>`,
      `    <title type="text">${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(webLink(entry.link) ?? doc.alternateUrl)}"/>`,
      `    <published>${rfc3339(entry.published)}</published>`,
      `    <updated>${rfc3339(entry.updated)}</updated>`,
      `    <author><name>${escapeXml(entry.author) || "unknown"}</name></author>`,
      ...(summary ? [`    <summary type="text">${escapeXml(summary)}</summary>`] : []),
      ...entry.categories
        .filter((term) => escapeXml(term).trim() !== "")
        .map((term) => `    <category term="${escapeXml(term)}" label="${escapeXml(term)}"/>`),
      `  </entry>`,
    );
  }
  lines.push(`</feed>`, "");
  return lines.join("\n");
}

/** A strong entity tag of a body: its SHA-256 (any change to the bytes changes it). */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body, "utf8").digest("base64url")}"`;
}

/**
 * Whether a GET's conditions say the client's copy is current (answer 304), as RFC 9110 orders
 * them: If-None-Match, when sent, decides alone (weak comparison, `*` matches); otherwise
 * If-Modified-Since, when it is a date not before the last change (to the second).
 */
export function isNotModified(
  conditions: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  etag: string,
  lastModified: number,
): boolean {
  if (conditions.ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return conditions.ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
  }
  if (conditions.ifModifiedSince !== undefined) {
    const since = Date.parse(conditions.ifModifiedSince);
    return Number.isFinite(since) && Math.floor(lastModified / 1000) * 1000 <= since;
  }
  return false;
}
