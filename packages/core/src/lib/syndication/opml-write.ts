/** Writing an OPML 2.0 subscription list that other readers import (Feedly, Inoreader, Miniflux, NetNewsWire). */

export interface OpmlOutline {
  title: string;
  xmlUrl: string;
  htmlUrl?: string;
  /** Feeds with a category are nested in an outline of that name. */
  category?: string;
}

/** Text made safe inside a double-quoted XML attribute: markup escaped, characters XML forbids dropped. */
export function xmlAttribute(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");
}

function outline(feed: OpmlOutline, indent: string): string {
  const title = xmlAttribute(feed.title || feed.xmlUrl);
  const html = feed.htmlUrl ? ` htmlUrl="${xmlAttribute(feed.htmlUrl)}"` : "";
  return `${indent}<outline type="rss" text="${title}" title="${title}" xmlUrl="${xmlAttribute(feed.xmlUrl)}"${html}/>`;
}

/**
 * An OPML 2.0 document of `feeds`: uncategorised ones first, then one outline per category (in
 * the order they first appear) holding its feeds.
 */
export function writeOpml(head: { title: string; dateCreated: Date }, feeds: readonly OpmlOutline[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    "  <head>",
    `    <title>${xmlAttribute(head.title)}</title>`,
    `    <dateCreated>${head.dateCreated.toUTCString()}</dateCreated>`,
    "  </head>",
    "  <body>",
  ];
  const categories = new Map<string, OpmlOutline[]>();
  for (const feed of feeds) {
    if (!feed.category) {
      lines.push(outline(feed, "    "));
      continue;
    }
    const listed = categories.get(feed.category) ?? [];
    listed.push(feed);
    categories.set(feed.category, listed);
  }
  for (const [category, listed] of categories) {
    const name = xmlAttribute(category);
    lines.push(`    <outline text="${name}" title="${name}">`);
    for (const feed of listed) lines.push(outline(feed, "      "));
    lines.push("    </outline>");
  }
  lines.push("  </body>", "</opml>", "");
  return lines.join("\n");
}
