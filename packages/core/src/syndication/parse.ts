import { Parser as HtmlParser } from "htmlparser2";
import RssParser from "rss-parser";
import { canonicalUrl } from "./identity.ts";
import { keepNewestItems, newestOf } from "./newest.ts";

export type FeedType = "rss" | "atom" | "youtube" | "bluesky";

export interface ParsedFeed {
  title?: string;
  siteUrl?: string;
  /** What the feed looks like: YouTube channel, Bluesky profile, else its format. */
  type?: FeedType;
  items: ParsedItem[];
}

export interface ParsedItem {
  /** guid, else Atom id, else the link. */
  guid: string;
  /** Plain text, trimmed, at most 300 characters. */
  title: string;
  /** Absolute and canonical. */
  link: string;
  /** Plain text from content/summary/description/media:description, at most 1000 characters. */
  summary: string;
  /** Epoch milliseconds. */
  publishedAt?: number;
  author?: string;
}

/** A body that is not a readable feed; the message is fit to store as a source's last error. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

export const MAX_TITLE_LENGTH = 300;
export const MAX_SUMMARY_LENGTH = 1000;
const MAX_AUTHOR_LENGTH = 200;
/** A candidate summary at least this long is taken as is; shorter ones lose to a longer alternative. */
const GOOD_SUMMARY_LENGTH = 80;

type RawItem = Record<string, unknown>;
const BROKEN = "__brokenItem";

/**
 * Parse RSS 2.0, RSS 1.0 (RDF), Atom, YouTube channel feeds and Bluesky profile feeds into
 * plain-text items with absolute canonical links. Items without a usable link or title are
 * skipped; one broken item never loses the others. With `maxItems`, only the newest that many
 * items are read (see `keepNewestItems`) and answered. Throws `FeedParseError` for an empty
 * body, an HTML page, JSON, malformed XML, or XML that is not a feed.
 */
export async function parseFeed(
  text: string,
  feedUrl: string,
  options: { maxItems?: number } = {},
): Promise<ParsedFeed> {
  const whole = text.replace(/^\uFEFF/, "");
  const root = rootElement(whole);
  const { maxItems } = options;
  const body = maxItems === undefined ? whole : keepNewestItems(whole, maxItems);
  const raw = await parseXml(body, root);

  const feedTitle = plainText(raw.title);
  const siteUrl = absoluteUrl(textOf(raw.link), feedUrl);
  const base = siteUrl ?? feedUrl;
  const items: ParsedItem[] = [];
  const seen = new Set<string>();
  let youtube = false;
  let bluesky = siteUrl ? hostOf(siteUrl) === "bsky.app" : false;
  for (const entry of raw.items as RawItem[]) {
    if (!entry || typeof entry !== "object" || entry[BROKEN]) continue;
    const item = toItem(entry, base);
    if (!item || seen.has(item.guid)) continue;
    seen.add(item.guid);
    items.push(item);
    if (entry.videoId) youtube = true;
    if (item.guid.startsWith("at://")) bluesky = true;
  }
  if (siteUrl && /(^|\.)youtube\.com$/.test(hostOf(siteUrl))) youtube = true;

  const feed: ParsedFeed = {
    items: maxItems === undefined ? items : newestOf(items, maxItems),
    type: youtube ? "youtube" : bluesky ? "bluesky" : root === "feed" ? "atom" : "rss",
  };
  if (feedTitle) feed.title = truncate(collapse(feedTitle), MAX_TITLE_LENGTH);
  if (siteUrl) feed.siteUrl = siteUrl;
  return feed;
}

// ---------------------------------------------------------------------------------------------
// Recognising and parsing the document

/** The name of the document's root element, after refusing bodies that are plainly not feeds. */
function rootElement(text: string): string {
  let rest = text.trimStart();
  if (rest === "") throw new FeedParseError("not a feed: the response was empty");
  if (rest.startsWith("{") || rest.startsWith("[")) throw new FeedParseError("not a feed: got JSON");
  for (;;) {
    const prolog = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)/i.exec(rest);
    if (!prolog) break;
    if (/^<!DOCTYPE\s+html/i.test(prolog[0])) throw new FeedParseError("not a feed: got an HTML page");
    rest = rest.slice(prolog[0].length).trimStart();
  }
  const name = /^<([A-Za-z_][\w:.-]*)/.exec(rest)?.[1];
  if (!name) throw new FeedParseError("not a feed: the response is not XML");
  if (name.toLowerCase() === "html") throw new FeedParseError("not a feed: got an HTML page");
  return name;
}

interface RawFeed {
  title?: unknown;
  link?: unknown;
  items: unknown[];
}

async function parseXml(text: string, root: string): Promise<RawFeed> {
  try {
    return await newRssParser().parseString(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!message.includes("\nLine:")) throw describeParseError(message, root);
    // Common breakage from hand-written feeds: a bare "&" or an HTML entity such as &nbsp;.
    const repaired = repairEntities(text);
    if (repaired !== text) {
      try {
        return await newRssParser().parseString(repaired);
      } catch {
        // report the first problem, which is the one in the document as served
      }
    }
    throw describeParseError(message, root);
  }
}

function describeParseError(message: string, root: string): FeedParseError {
  if (/not recognized as RSS/i.test(message)) {
    return new FeedParseError(`not a feed: the XML document is not RSS or Atom (root element <${root}>)`);
  }
  const position = /\nLine: (\d+)\nColumn: (\d+)/.exec(message);
  if (position) {
    const what = message.split("\n", 1)[0] ?? "syntax error";
    return new FeedParseError(
      `not a feed: malformed XML (${what} at line ${Number(position[1]) + 1}, column ${position[2]})`,
    );
  }
  return new FeedParseError(`not a feed: ${message}`);
}

const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

function repairEntities(text: string): string {
  return text
    .replace(/&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)/g, "&amp;")
    .replace(/&([A-Za-z][A-Za-z0-9]*);/g, (match, name: string) => {
      if (XML_ENTITIES.has(name)) return match;
      const decoded = decodeEntities(match);
      if (decoded === match) return `&amp;${name};`;
      return [...decoded].map((char) => `&#${char.codePointAt(0)};`).join("");
    });
}

function newRssParser() {
  const parser = new RssParser<Record<string, unknown>, RawItem>({
    defaultRSS: 2,
    customFields: {
      item: [
        ["media:group", "mediaGroup"],
        ["media:description", "mediaDescription"],
        ["yt:videoId", "videoId"],
        ["guid", "guidElement", { keepArray: true }],
      ],
    },
  });
  guardItemBuilders(parser);
  return parser;
}

/**
 * rss-parser builds every item inside one callback, so a single unusual item (an Atom date it
 * cannot read, a <link> without attributes) would fail the whole feed. Each item is built on
 * its own: a failing one is retried with its links and dates tidied, then marked broken.
 */
function guardItemBuilders(parser: object): void {
  const methods = parser as Record<string, unknown>;
  for (const name of ["parseItemAtom", "parseItemRss"]) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = function (this: unknown, entry: unknown, ...rest: unknown[]) {
      try {
        return original.call(this, entry, ...rest);
      } catch {
        try {
          return original.call(this, tidyEntry(entry), ...rest);
        } catch {
          return { [BROKEN]: true };
        }
      }
    };
  }
  const buildAtomFeed = methods.buildAtomFeed;
  if (typeof buildAtomFeed === "function") {
    methods.buildAtomFeed = function (this: unknown, document: { feed?: unknown }) {
      try {
        return buildAtomFeed.call(this, document);
      } catch {
        return buildAtomFeed.call(this, { ...document, feed: tidyEntry(document.feed) });
      }
    };
  }
}

const DATE_FIELDS = ["published", "updated", "pubDate", "dc:date"];

function tidyEntry(entry: unknown): unknown {
  if (!entry || typeof entry !== "object") return entry;
  const tidy: RawItem = { ...(entry as RawItem) };
  if (Array.isArray(tidy.link)) {
    tidy.link = tidy.link
      .map((link: unknown) => (typeof link === "string" ? { $: { href: link.trim() } } : link))
      .filter((link: unknown) => {
        const attributes = (link as { $?: { href?: unknown } } | null)?.$;
        return typeof attributes?.href === "string";
      });
  }
  for (const field of DATE_FIELDS) {
    const value = tidy[field];
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== "string" || Number.isNaN(Date.parse(first.trim()))) delete tidy[field];
  }
  return tidy;
}

// ---------------------------------------------------------------------------------------------
// Items

function toItem(entry: RawItem, base: string): ParsedItem | undefined {
  const guidText = textOf(entry.guid) ?? textOf(entry.id);
  const link =
    absoluteUrl(textOf(entry.link), base) ?? permalinkGuid(entry) ?? absoluteUrl(textOf(entry["rdf:about"]), base);
  if (!link) return undefined;

  const mediaGroup = (entry.mediaGroup ?? {}) as RawItem;
  const summaryText = chooseSummary([
    entry.summary,
    entry.content,
    entry["content:encoded"],
    first(mediaGroup["media:description"]),
    entry.mediaDescription,
  ]);
  const titleText =
    collapse(plainText(entry.title) ?? "") ||
    collapse(plainText(first(mediaGroup["media:title"])) ?? "") ||
    firstLine(summaryText ?? "");
  if (!titleText) return undefined;

  const item: ParsedItem = {
    guid: guidText?.trim() || link,
    title: truncate(titleText, MAX_TITLE_LENGTH),
    link,
    summary: truncate(collapse(summaryText ?? ""), MAX_SUMMARY_LENGTH),
  };
  const publishedAt = dateOf(entry);
  if (publishedAt !== undefined) item.publishedAt = publishedAt;
  const author = collapse(plainText(entry.creator) ?? plainText(entry.author) ?? plainText(entry["dc:creator"]) ?? "");
  if (author) item.author = truncate(author, MAX_AUTHOR_LENGTH);
  return item;
}

/** An RSS <guid> that is a URL and not marked isPermaLink="false" is the item's address. */
function permalinkGuid(entry: RawItem): string | undefined {
  const element = first(entry.guidElement);
  const attributes = (element as { $?: { isPermaLink?: string } } | undefined)?.$;
  if (attributes?.isPermaLink?.trim().toLowerCase() === "false") return undefined;
  const text = textOf(element)?.trim();
  return text && /^https?:\/\//i.test(text) ? absoluteUrl(text, text) : undefined;
}

function chooseSummary(candidates: unknown[]): string | undefined {
  let longest: string | undefined;
  for (const candidate of candidates) {
    const text = plainText(candidate)?.trim();
    if (!text) continue;
    if (collapse(text).length >= GOOD_SUMMARY_LENGTH) return text;
    if (!longest || text.length > longest.length) longest = text;
  }
  return longest;
}

function dateOf(entry: RawItem): number | undefined {
  for (const field of ["isoDate", "pubDate", "published", "updated", "date", "dc:date"]) {
    const text = textOf(entry[field])?.trim();
    if (!text) continue;
    const time = Date.parse(text);
    if (Number.isFinite(time)) return time;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Text

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The text of an xml2js node: a string, or an element's character content. */
function textOf(value: unknown): string | undefined {
  const node = first(value);
  if (typeof node === "string") return node;
  if (node && typeof node === "object" && typeof (node as { _?: unknown })._ === "string") {
    return (node as { _: string })._;
  }
  return undefined;
}

const HTML_TAG =
  /<\/?(?:a|abbr|article|aside|audio|b|big|blockquote|br|button|caption|center|cite|code|dd|del|details|dfn|div|dl|dt|em|embed|figcaption|figure|font|footer|form|h[1-6]|header|hr|i|iframe|img|input|ins|kbd|li|main|mark|nav|noscript|object|ol|p|picture|pre|q|s|samp|script|section|small|source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|td|template|tfoot|th|thead|time|tr|tt|u|ul|var|video|wbr)\b[^>]*>|<!--/i;
const SKIPPED_ELEMENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "svg",
  "object",
  "embed",
  "head",
  "button",
  "select",
]);
const BLOCK_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

/**
 * Plain text of a field that may hold HTML. Markup is parsed (scripts and styles dropped,
 * block elements become line breaks); text without HTML tags only has its entities decoded,
 * so a title such as "Vec<T> in Rust" keeps its angle brackets.
 */
function plainText(value: unknown): string | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  const plain = HTML_TAG.test(text) ? htmlToText(text) : decodeEntities(text);
  return plain
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/\u00A0/g, " ");
}

function htmlToText(html: string): string {
  let out = "";
  let skipping = 0;
  const parser = new HtmlParser(
    {
      onopentag(name) {
        if (SKIPPED_ELEMENTS.has(name)) skipping++;
        else if (BLOCK_ELEMENTS.has(name)) out += "\n";
      },
      onclosetag(name) {
        if (SKIPPED_ELEMENTS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK_ELEMENTS.has(name)) out += "\n";
      },
      ontext(data) {
        if (skipping === 0) out += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  let out = "";
  const parser = new HtmlParser({ ontext: (data) => (out += data) }, { decodeEntities: true });
  parser.write(text.replace(/</g, "&lt;"));
  parser.end();
  return out;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function firstLine(text: string): string {
  for (const line of text.split("\n")) {
    const collapsed = collapse(line);
    if (collapsed) return collapsed;
  }
  return "";
}

/** At most `max` characters, cut at a word boundary with '…' when anything was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(" ");
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.-]+$/u, "")}…`;
}

// ---------------------------------------------------------------------------------------------
// URLs

function absoluteUrl(text: string | undefined, base: string): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return canonicalUrl(url.href);
  } catch {
    return undefined;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
