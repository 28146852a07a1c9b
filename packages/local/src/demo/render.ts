import { createHash } from "node:crypto";
import type { DemoArticle } from "./items.ts";
import { DEMO_PICTURE_SIZE } from "./pictures.ts";
import type { DemoSourceData } from "./types.ts";

export interface RenderedFeed {
  body: string;
  contentType: string;
  etag: string;
  lastModified: string;
}

const RSS_TYPE = "application/rss+xml; charset=utf-8";
const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** Characters XML 1.0 forbids: control characters (tab and line breaks aside), U+FFFE and U+FFFF. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text or attribute value escaped for XML, with characters XML 1.0 forbids removed. */
export function xml(text: string): string {
  return text
    .replace(FORBIDDEN, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** A summary as the HTML body some publishers put in their feeds. */
function html(summary: string): string {
  return `<p>${summary.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`;
}

const rfc822 = (ms: number) => new Date(ms).toUTCString();
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * Renders a source's feed document; `selfUrl` is where it is served, `picturesUrl` where its
 * items' pictures are (each RSS and Atom item names its own by `media:thumbnail`, as most
 * publishers' feeds do).
 */
export function renderFeed(
  source: DemoSourceData,
  items: DemoArticle[],
  selfUrl: string,
  hour: number,
  picturesUrl: string,
): RenderedFeed {
  const newest = items.reduce((max, item) => Math.max(max, item.publishedAt), 0) || hour;
  let body: string;
  let contentType: string;
  switch (source.type) {
    case "rss":
      body = rss(source, items, selfUrl, newest, picturesUrl);
      contentType = RSS_TYPE;
      break;
    case "bluesky":
      body = bluesky(source, items);
      contentType = RSS_TYPE;
      break;
    case "atom":
      body = atom(source, items, selfUrl, newest, picturesUrl);
      contentType = ATOM_TYPE;
      break;
    case "youtube":
      body = youtube(source, items, selfUrl);
      contentType = ATOM_TYPE;
      break;
  }
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, contentType, etag, lastModified: rfc822(newest) };
}

/** The item's picture as a feed names it, with the size the publisher declares. */
function thumbnail(item: DemoArticle, picturesUrl: string): string {
  if (!item.picture) return "";
  const { width, height } = DEMO_PICTURE_SIZE;
  return `<media:thumbnail url="${xml(picturesUrl + item.picture)}" width="${width}" height="${height}"/>`;
}

function rss(
  source: DemoSourceData,
  items: DemoArticle[],
  selfUrl: string,
  newest: number,
  picturesUrl: string,
): string {
  const entries = items.map((item) => {
    const permalink = item.guid.startsWith("http");
    const lines = [
      `<title>${xml(item.title)}</title>`,
      `<link>${xml(item.link)}</link>`,
      `<guid isPermaLink="${permalink}">${xml(item.guid)}</guid>`,
      `<pubDate>${rfc822(item.publishedAt)}</pubDate>`,
      item.author ? `<dc:creator>${xml(item.author)}</dc:creator>` : "",
      `<description>${xml(source.html ? html(item.summary) : item.summary)}</description>`,
      source.html ? `<content:encoded>${cdata(html(item.summary))}</content:encoded>` : "",
      thumbnail(item, picturesUrl),
    ];
    return `    <item>\n${lines
      .filter(Boolean)
      .map((l) => `      ${l}`)
      .join("\n")}\n    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xml(source.name)}</title>
    <link>${xml(source.siteUrl)}/</link>
    <description>${xml(source.description)}</description>
    <language>en</language>
    <lastBuildDate>${rfc822(newest)}</lastBuildDate>
    <ttl>60</ttl>
    <atom:link href="${xml(selfUrl)}" rel="self" type="application/rss+xml"/>
${entries.join("\n")}
  </channel>
</rss>
`;
}

function bluesky(source: DemoSourceData, items: DemoArticle[]): string {
  const entries = items.map(
    (item) => `<item>
<link>${xml(item.link)}</link>
<description>${xml(item.summary)}</description>
<pubDate>${rfc822(item.publishedAt)}</pubDate>
<guid isPermaLink="false">${xml(item.guid)}</guid>
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
<channel>
<description>${xml(source.description)}</description>
<link>${xml(source.siteUrl)}</link>
<title>@${xml(source.handle ?? source.id)} - ${xml(source.name)}</title>
${entries.join("\n")}
</channel>
</rss>
`;
}

function atom(
  source: DemoSourceData,
  items: DemoArticle[],
  selfUrl: string,
  newest: number,
  picturesUrl: string,
): string {
  const host = new URL(source.siteUrl).hostname;
  const entries = items.map((item) => {
    const body = source.html
      ? `<content type="html">${xml(html(item.summary))}</content>`
      : `<summary type="text">${xml(item.summary)}</summary>`;
    return `  <entry>
    <title type="text">${xml(item.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(item.link)}"/>
    <id>${xml(item.guid)}</id>
    <published>${iso(item.publishedAt)}</published>
    <updated>${iso(item.publishedAt)}</updated>${item.author ? `\n    <author><name>${xml(item.author)}</name></author>` : ""}
    ${body}${item.picture ? `\n    ${thumbnail(item, picturesUrl)}` : ""}
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en">
  <title>${xml(source.name)}</title>
  <subtitle>${xml(source.description)}</subtitle>
  <link rel="alternate" type="text/html" href="${xml(source.siteUrl)}/"/>
  <link rel="self" type="application/atom+xml" href="${xml(selfUrl)}"/>
  <id>tag:${xml(host)},2019:feed</id>
  <updated>${iso(newest)}</updated>
${entries.join("\n")}
</feed>
`;
}

function youtube(source: DemoSourceData, items: DemoArticle[], selfUrl: string): string {
  const channelId = `UC${createHash("sha256").update(source.id).digest("base64url").slice(0, 22)}`;
  const origin = new URL(source.siteUrl).origin;
  const channelUrl = `${origin}/channel/${channelId}`;
  const entries = items.map((item) => {
    const v = item.videoId ?? "";
    return ` <entry>
  <id>${xml(item.guid)}</id>
  <yt:videoId>${xml(v)}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${xml(item.title)}</title>
  <link rel="alternate" href="${xml(item.link)}"/>
  <author>
   <name>${xml(source.name)}</name>
   <uri>${xml(channelUrl)}</uri>
  </author>
  <published>${iso(item.publishedAt)}</published>
  <updated>${iso(item.publishedAt)}</updated>
  <media:group>
   <media:title>${xml(item.title)}</media:title>
   <media:content url="${xml(`${origin}/v/${v}?version=3`)}" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="${xml(`${origin}/vi/${v}/hqdefault.jpg`)}" width="480" height="360"/>
   <media:description>${xml(item.summary)}</media:description>
  </media:group>
 </entry>`;
  });
  const first = items.reduce((min, item) => Math.min(min, item.publishedAt), Infinity);
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="${xml(selfUrl)}"/>
 <id>yt:channel:${channelId}</id>
 <yt:channelId>${channelId}</yt:channelId>
 <title>${xml(source.name)}</title>
 <link rel="alternate" href="${xml(source.siteUrl)}"/>
 <author>
  <name>${xml(source.name)}</name>
  <uri>${xml(channelUrl)}</uri>
 </author>
 <published>${iso(Number.isFinite(first) ? first : 0)}</published>
${entries.join("\n")}
</feed>
`;
}
