import { canonicalUrl, type OpmlFeed } from "../../lib/syndication/index.ts";

/** A feed of an OPML file as an import checks it. */
export interface PlannedFeed {
  url: string;
  title: string;
  htmlUrl?: string;
  category?: string;
}

const cut = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));

/** The address a feed is known by in the file: canonical when it parses, as written otherwise. */
function keyOf(url: string): string {
  try {
    return canonicalUrl(url).toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}

/**
 * The feeds an import checks, in the file's order: a feed listed again (the same address, up to
 * case, a trailing slash, tracking parameters or a fragment) is merged into its first listing,
 * which keeps the first title and category it was given. Answers how many listings were merged.
 */
export function planFeeds(listed: readonly OpmlFeed[]): { feeds: PlannedFeed[]; merged: number } {
  const byKey = new Map<string, PlannedFeed>();
  let merged = 0;
  for (const feed of listed) {
    const url = feed.xmlUrl.trim();
    if (url === "") continue;
    const key = keyOf(url);
    const seen = byKey.get(key);
    if (seen) {
      merged++;
      if (!seen.title && feed.title) seen.title = cut(feed.title, 300);
      if (!seen.category && feed.category) seen.category = cut(feed.category, 200);
      if (!seen.htmlUrl && feed.htmlUrl) seen.htmlUrl = cut(feed.htmlUrl, 2048);
      continue;
    }
    byKey.set(key, {
      url: cut(url, 2048),
      title: cut(feed.title, 300),
      ...(feed.htmlUrl ? { htmlUrl: cut(feed.htmlUrl, 2048) } : {}),
      ...(feed.category ? { category: cut(feed.category, 200) } : {}),
    });
  }
  return { feeds: [...byKey.values()], merged };
}
