import { Parser as HtmlParser } from "htmlparser2";
import { guardedFetch, type FetchOutcome, type GuardedFetchOptions } from "./fetch.ts";
import { parseFeed, type ParsedFeed } from "../../lib/syndication/index.ts";

export type Fetcher = (url: string, options: GuardedFetchOptions) => Promise<FetchOutcome>;
export type DiscoverOptions = Omit<GuardedFetchOptions, "etag" | "lastModified">;
export type DiscoveryResult = { feedUrl: string; body: string; feed: ParsedFeed } | { error: string };

/** Paths tried, beside the page and at the site root, when a page links no feed. */
export const COMMON_FEED_PATHS = ["feed", "rss", "rss.xml", "atom.xml", "feed.xml", "index.xml"] as const;

const FEED_LINK_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/xml",
  "text/xml",
]);
/** Linked feeds tried at most, in document order. */
const MAX_LINKED_FEEDS = 5;
/**
 * Items read from a candidate: enough to tell a feed and show what it holds, without holding a
 * huge one whole (the source's own fetches read up to `FETCH_POLICY.maxItemsPerFetch`).
 */
const DISCOVERY_ITEMS = 50;

/**
 * Find the feed of a site: the URL itself when it is a feed; else a feed the page announces
 * with <link rel="alternate" type="application/rss+xml|application/atom+xml" href>; else a
 * feed at one of the usual paths. A candidate counts only when its body parses as a feed.
 * A URL without a scheme is taken as https.
 */
export async function discoverFeed(
  siteUrl: string,
  fetcher: Fetcher = guardedFetch,
  options: DiscoverOptions = { allowPrivate: false },
): Promise<DiscoveryResult> {
  const start = normaliseInput(siteUrl);
  if (!start) return { error: `not a web address: ${siteUrl.trim() || "(empty)"}` };

  const page = await fetcher(start, options);
  if (page.kind === "error") return { error: `could not fetch ${start}: ${page.error}` };
  if (page.kind === "not-modified") return { error: `could not fetch ${start}: unexpected 304 Not Modified` };

  let notAFeed: string;
  try {
    return {
      feedUrl: page.finalUrl,
      body: page.body,
      feed: await parseFeed(page.body, page.finalUrl, { maxItems: DISCOVERY_ITEMS }),
    };
  } catch (error) {
    notAFeed = error instanceof Error ? error.message : String(error);
  }

  const tried = new Set([start, page.finalUrl]);
  for (const candidate of linkedFeeds(page.body, page.finalUrl).slice(0, MAX_LINKED_FEEDS)) {
    if (tried.has(candidate)) continue;
    tried.add(candidate);
    const found = await fetchFeed(candidate, fetcher, options);
    if (found) return found;
  }

  const guesses = commonFeedUrls(page.finalUrl).filter((candidate) => !tried.has(candidate));
  const found = await Promise.all(guesses.map((candidate) => fetchFeed(candidate, fetcher, options)));
  const first = found.find((result) => result !== undefined);
  if (first) return first;

  return /HTML page/.test(notAFeed)
    ? { error: `no RSS or Atom feed found at ${start}` }
    : { error: `no RSS or Atom feed found at ${start} (${notAFeed})` };
}

async function fetchFeed(
  url: string,
  fetcher: Fetcher,
  options: DiscoverOptions,
): Promise<DiscoveryResult | undefined> {
  const outcome = await fetcher(url, options);
  if (outcome.kind !== "ok") return undefined;
  try {
    return {
      feedUrl: outcome.finalUrl,
      body: outcome.body,
      feed: await parseFeed(outcome.body, outcome.finalUrl, { maxItems: DISCOVERY_ITEMS }),
    };
  } catch {
    return undefined;
  }
}

function normaliseInput(input: string): string | undefined {
  const trimmed = input.trim();
  if (!trimmed) return undefined;
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

/** Feed URLs announced by an HTML page's <link rel="alternate"> tags, absolute, in document order. */
export function linkedFeeds(html: string, pageUrl: string): string[] {
  const hrefs: string[] = [];
  let base: string | undefined;
  const parser = new HtmlParser(
    {
      onopentag(name, attributes) {
        if (name === "base" && base === undefined && attributes.href) base = attributes.href;
        if (name !== "link" || !attributes.href) return;
        const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
        const type = (attributes.type ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
        if (rel.includes("alternate") && FEED_LINK_TYPES.has(type)) hrefs.push(attributes.href);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  let baseUrl = pageUrl;
  if (base) {
    try {
      baseUrl = new URL(base, pageUrl).href;
    } catch {
      // an unusable <base> is ignored
    }
  }
  const feeds: string[] = [];
  for (const href of hrefs) {
    try {
      const url = new URL(href.trim(), baseUrl);
      if ((url.protocol === "http:" || url.protocol === "https:") && !feeds.includes(url.href)) feeds.push(url.href);
    } catch {
      // skip hrefs that are not URLs
    }
  }
  return feeds;
}

/** The usual feed paths beside the page (when it is not the site root), then at the root. */
function commonFeedUrls(pageUrl: string): string[] {
  const page = new URL(pageUrl);
  const directories = new Set<string>();
  const directory = page.pathname.endsWith("/") ? page.pathname : `${page.pathname}/`;
  if (directory !== "/") directories.add(directory);
  directories.add("/");
  const urls: string[] = [];
  for (const dir of directories) {
    for (const path of COMMON_FEED_PATHS) urls.push(new URL(`${dir}${path}`, page.origin).href);
  }
  return urls;
}
