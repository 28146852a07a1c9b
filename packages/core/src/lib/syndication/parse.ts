import { Parser as HtmlParser } from "htmlparser2";
import { XMLParser, XMLValidator, type EntityDecoderOptions } from "fast-xml-parser";
import { primaryLanguage } from "../matching/index.ts";
import { canonicalUrl } from "./identity.ts";
import { keepNewestItems, newestOf } from "./newest.ts";
import { excerptOf, readingMinutes } from "./excerpt.ts";
import { pictureOf } from "./picture.ts";

export type FeedType = "rss" | "atom" | "youtube" | "bluesky";

export interface ParsedFeed {
  title?: string;
  siteUrl?: string;
  /** What the feed looks like: YouTube channel, Bluesky profile, else its format. */
  type?: FeedType;
  /** BCP 47 primary subtag the feed declares: RSS `<language>` or `<dc:language>`, Atom `xml:lang`. */
  language?: string;
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
  /**
   * BCP 47 primary subtag the item declares (`xml:lang` or `<dc:language>` on it), else the
   * feed's; absent when neither declares one.
   */
  language?: string;
  /** Two or three lines of the summary for a card, boilerplate dropped (see excerpt.ts). */
  excerpt?: string;
  /** Minutes the item's full text takes to read, when it carries enough text to tell. */
  readingMinutes?: number;
  /**
   * The item's own picture, absolute: media:thumbnail, media:content, an image enclosure,
   * itunes:image, a YouTube video's thumbnail, else the first image of its content.
   */
  picture?: string;
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
  const root = rootElement(whole).name;
  const { maxItems } = options;
  const body = maxItems === undefined ? whole : keepNewestItems(whole, maxItems);
  const channel = readChannel(parseXml(body), root);

  const feedTitle = plainText(channel.title);
  const siteUrl = absoluteUrl(channel.link, feedUrl);
  const base = siteUrl ?? feedUrl;
  const feedLanguage = channel.language;
  const items: ParsedItem[] = [];
  const seen = new Set<string>();
  let youtube = false;
  let bluesky = siteUrl ? hostOf(siteUrl) === "bsky.app" : false;
  for (const entry of channel.entries) {
    const item = toItem(entry, base, feedLanguage);
    if (!item || seen.has(item.guid)) continue;
    seen.add(item.guid);
    items.push(item);
    if (child(entry, "yt:videoId")) youtube = true;
    if (item.guid.startsWith("at://")) bluesky = true;
  }
  if (siteUrl && /(^|\.)youtube\.com$/.test(hostOf(siteUrl))) youtube = true;

  const feed: ParsedFeed = {
    items: maxItems === undefined ? items : newestOf(items, maxItems),
    type: youtube ? "youtube" : bluesky ? "bluesky" : root === "feed" ? "atom" : "rss",
  };
  if (feedTitle) feed.title = truncate(collapse(feedTitle), MAX_TITLE_LENGTH);
  if (siteUrl) feed.siteUrl = siteUrl;
  if (feedLanguage) feed.language = feedLanguage;
  return feed;
}

// ---------------------------------------------------------------------------------------------
// Recognising and parsing the document

/** The document's root element and where it starts, after refusing bodies that are plainly not feeds. */
function rootElement(text: string): { name: string; start: number } {
  const leading = text.length - text.trimStart().length;
  let rest = text.slice(leading);
  if (rest === "") throw new FeedParseError("not a feed: the response was empty");
  if (rest.startsWith("{") || rest.startsWith("[")) throw new FeedParseError("not a feed: got JSON");
  for (;;) {
    const prolog = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)\s*/i.exec(rest);
    if (!prolog) break;
    if (/^<!DOCTYPE\s+html/i.test(prolog[0])) throw new FeedParseError("not a feed: got an HTML page");
    rest = rest.slice(prolog[0].length);
  }
  const name = /^<([A-Za-z_][\w:.-]*)/.exec(rest)?.[1];
  if (!name) throw new FeedParseError("not a feed: the response is not XML");
  if (name.toLowerCase() === "html") throw new FeedParseError("not a feed: got an HTML page");
  return { name, start: text.length - rest.length };
}

/**
 * An XML node as fast-xml-parser answers it with `preserveOrder`: an element maps its name to
 * its children (attributes under ":@"), a text node is `{ "#text": string }`.
 */
type XmlNode = Record<string, unknown>;

/**
 * Only XML's own five entities and character references are decoded; the entities a DOCTYPE
 * declares are never expanded (no XXE, no billion laughs), and HTML entities are left for
 * `plainText`, as in any HTML.
 */
const xmlEntities: EntityDecoderOptions = {
  decode: decodeXmlEntities,
  addInputEntities: () => undefined,
  setExternalEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
};

/** Made at the first feed parsed (a module reaching this one but parsing nothing makes none). */
let xmlParser: XMLParser | undefined;
const makeXmlParser = () =>
  new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    entityDecoder: xmlEntities,
    jPath: false,
  });

/**
 * The root element of a well-formed document. Malformed XML is refused with its position,
 * except the commonest breakage of hand-written feeds, a bare "&" or an HTML entity such as
 * &nbsp;, which is repaired. The prolog (declaration, DOCTYPE) is not handed to the parser.
 */
function parseXml(text: string): XmlNode {
  let body = text;
  const problem = XMLValidator.validate(body);
  if (problem !== true) {
    const repaired = repairEntities(body);
    // report the first problem, which is the one in the document as served
    if (repaired === body || XMLValidator.validate(repaired) !== true) throw malformed(problem.err);
    body = repaired;
  }
  let nodes: XmlNode[];
  try {
    nodes = (xmlParser ??= makeXmlParser()).parse(body.slice(rootElement(body).start)) as XmlNode[];
  } catch (error) {
    throw new FeedParseError(`not a feed: malformed XML (${error instanceof Error ? error.message : String(error)})`);
  }
  const root = nodes.find((node) => nameOf(node) !== TEXT);
  if (!root) throw new FeedParseError("not a feed: the response is not XML");
  return root;
}

function malformed(error: { msg: string; line: number; col: number }): FeedParseError {
  const what = /closing tag/i.test(error.msg)
    ? "Unexpected close tag"
    : /^(?:Unclosed tag|Invalid '\[)/.test(error.msg)
      ? "Unclosed element"
      : error.msg.replace(/\s+/g, " ").replace(/\.$/, "");
  return new FeedParseError(`not a feed: malformed XML (${what} at line ${error.line}, column ${error.col})`);
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

const XML_REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const XML_ENTITY_TEXT: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(XML_REFERENCE, (match, name?: string, decimal?: string, hex?: string) => {
    if (name) return XML_ENTITY_TEXT[name]!;
    const code = decimal ? Number(decimal) : parseInt(hex!, 16);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : match;
  });
}

interface Channel {
  title?: XmlNode;
  link?: string;
  /** Primary subtag of the language it declares. */
  language?: string;
  entries: XmlNode[];
}

/** The feed's own title and link, and its items: RSS and RDF `<item>`s, Atom `<entry>`s. */
function readChannel(root: XmlNode, name: string): Channel {
  if (name === "feed") {
    return {
      title: child(root, "title"),
      link: linkOf(root),
      language: languageOf(root),
      entries: children(root, "entry"),
    };
  }
  if (name === "rss" || name === "rdf:RDF") {
    const channel = child(root, "channel");
    // RSS 2.0 items are inside <channel>, RSS 1.0 (RDF) items beside it.
    const holder = name === "rss" ? channel : root;
    if (!holder) throw new FeedParseError("not a feed: an RSS document without <channel>");
    return {
      title: channel && child(channel, "title"),
      link: channel && linkOf(channel),
      language: (channel && languageOf(channel)) ?? languageOf(root),
      entries: children(holder, "item"),
    };
  }
  throw new FeedParseError(`not a feed: the XML document is not RSS or Atom (root element <${name}>)`);
}

/**
 * The language an element declares, as a primary subtag: its `xml:lang`, else a `<language>` or
 * `<dc:language>` child ('en-us' → 'en'). Values that are no language tag ('English') are ignored.
 */
function languageOf(element: XmlNode): string | undefined {
  return (
    primaryLanguage(attribute(element, "xml:lang")) ??
    primaryLanguage(textOf(child(element, "language"))) ??
    primaryLanguage(textOf(child(element, "dc:language")))
  );
}

/**
 * An element's link: the `href` of its `<link rel="alternate">` or rel-less `<link>` (Atom),
 * else any `href`, else the text of a `<link>` (RSS, and Atom links written the RSS way).
 */
function linkOf(element: XmlNode): string | undefined {
  const links = children(element, "link");
  const href = (link: XmlNode) => attribute(link, "href");
  const alternate = links.find((link) => href(link) && (attribute(link, "rel") ?? "alternate") === "alternate");
  return (
    (alternate && href(alternate)) ??
    links.map(href).find(Boolean) ??
    links.map((link) => textOf(link)).find((text) => text?.trim())
  );
}

// ---------------------------------------------------------------------------------------------
// Items

function toItem(entry: XmlNode, base: string, feedLanguage: string | undefined): ParsedItem | undefined {
  const guidText = textOf(child(entry, "guid")) ?? textOf(child(entry, "id"));
  const link =
    absoluteUrl(linkOf(entry), base) ?? permalinkGuid(entry) ?? absoluteUrl(attribute(entry, "rdf:about"), base);
  if (!link) return undefined;

  const mediaGroup = child(entry, "media:group") ?? {};
  const texts = ["summary", "description", "content", "content:encoded"]
    .map((name) => child(entry, name))
    .concat(child(mediaGroup, "media:description"), child(entry, "media:description"));
  const summaryText = chooseSummary(texts);
  const titleText =
    collapse(plainText(child(entry, "title")) ?? "") ||
    collapse(plainText(child(mediaGroup, "media:title")) ?? "") ||
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
  const authorElement = child(entry, "author");
  const author = collapse(
    plainText(child(entry, "dc:creator")) ??
      plainText((authorElement && child(authorElement, "name")) ?? authorElement) ??
      "",
  );
  if (author) item.author = truncate(author, MAX_AUTHOR_LENGTH);
  const language = languageOf(entry) ?? feedLanguage;
  if (language) item.language = language;
  const excerpt = excerptOf(summaryText ?? "", titleText);
  if (excerpt) item.excerpt = excerpt;
  // The longest text the item carries is the closest to the article (content:encoded over a teaser).
  const whole = texts.reduce((longest, node) => {
    const text = plainText(node) ?? "";
    return text.length > longest.length ? text : longest;
  }, "");
  const minutes = readingMinutes(whole);
  if (minutes !== undefined) item.readingMinutes = minutes;
  const picture = pictureOf(entry, link, { child, children, attribute, textOf });
  if (picture) item.picture = picture;
  return item;
}

/** An RSS <guid> that is a URL and not marked isPermaLink="false" is the item's address. */
function permalinkGuid(entry: XmlNode): string | undefined {
  const guid = child(entry, "guid");
  if (!guid || attribute(guid, "isPermaLink")?.trim().toLowerCase() === "false") return undefined;
  const text = textOf(guid)?.trim();
  return text && /^https?:\/\//i.test(text) ? absoluteUrl(text, text) : undefined;
}

function chooseSummary(candidates: Array<XmlNode | undefined>): string | undefined {
  let longest: string | undefined;
  for (const candidate of candidates) {
    const text = plainText(candidate)?.trim();
    if (!text) continue;
    if (collapse(text).length >= GOOD_SUMMARY_LENGTH) return text;
    if (!longest || text.length > longest.length) longest = text;
  }
  return longest;
}

function dateOf(entry: XmlNode): number | undefined {
  for (const name of ["pubDate", "published", "updated", "dc:date", "date"]) {
    const text = textOf(child(entry, name))?.trim();
    if (!text) continue;
    const time = Date.parse(text);
    if (Number.isFinite(time)) return time;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading the XML tree

const TEXT = "#text";
const ATTRIBUTES = ":@";

function nameOf(node: XmlNode): string | undefined {
  for (const key in node) if (key !== ATTRIBUTES) return key;
  return undefined;
}

function children(element: XmlNode, name?: string): XmlNode[] {
  const own = nameOf(element);
  const nodes = own === undefined || own === TEXT ? undefined : element[own];
  if (!Array.isArray(nodes)) return [];
  return name === undefined ? (nodes as XmlNode[]) : (nodes as XmlNode[]).filter((node) => nameOf(node) === name);
}

function child(element: XmlNode, name: string): XmlNode | undefined {
  return children(element).find((node) => nameOf(node) === name);
}

function attribute(element: XmlNode, name: string): string | undefined {
  const value = (element[ATTRIBUTES] as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The text of an element: its text and CDATA, and the text of any markup inside it (Atom's
 * type="xhtml" content), scripts and styles left out and block elements on lines of their own.
 */
function textOf(element: XmlNode | undefined): string | undefined {
  if (!element) return undefined;
  let out = "";
  for (const node of children(element)) {
    const name = nameOf(node);
    if (name === TEXT) out += String(node[TEXT]);
    else if (name === undefined || SKIPPED_ELEMENTS.has(name)) continue;
    else if (BLOCK_ELEMENTS.has(name)) out += `\n${textOf(node) ?? ""}\n`;
    else out += textOf(node) ?? "";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text

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

/** Control characters (tab and line breaks aside), zero-width characters and the byte order mark. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Plain text of a field that may hold HTML. Markup is parsed (scripts and styles dropped,
 * block elements become line breaks); text without HTML tags only has its entities decoded,
 * so a title such as "Vec<T> in Rust" keeps its angle brackets.
 */
function plainText(element: XmlNode | undefined): string | undefined {
  const text = textOf(element);
  if (text === undefined) return undefined;
  const plain = HTML_TAG.test(text) ? htmlToText(text) : decodeEntities(text);
  return plain.replace(INVISIBLE, "").replace(/\u00A0/g, " ");
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
