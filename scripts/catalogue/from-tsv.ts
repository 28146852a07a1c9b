/**
 * Writes the production catalogue (packages/core/src/modules/sources/catalogue/feeds.json) from the
 * tab-separated list of feeds taken from plenaryapp/awesome-rss-feeds (CC0 1.0):
 *
 *   npm run catalogue:from-tsv [-- feeds.tsv]     (default: awesome-rss-feeds.tsv beside this script)
 *
 * Columns: list, country, category, name, feed_url, site_url. A `recommended` row's category is
 * its subject; a `country` row's subject is its category when that names one of the subjects,
 * else "News". A feed in two lists (same canonical address) appears once: the first name, the
 * subject of its subject list, the country of its national list. The feeds the catalogue held
 * before keep the ids their sources were stored under. It writes the file anew: feeds imported from
 * OPML since (`import-opml.ts`) are not in the list, and would have to be imported again.
 */
import { readFileSync, writeFileSync } from "node:fs";
import {
  catalogueFeed,
  feedAddress,
  sortFeeds,
  type CatalogueFeed,
  type CatalogueFile,
  type FeedFacts,
} from "../../packages/core/src/modules/sources/catalogue-file.ts";

export const CATALOGUE_PATH = new URL("../../packages/core/src/modules/sources/catalogue/feeds.json", import.meta.url);

/** The catalogue's first six feeds: their sources keep these ids. */
const EARLIER_DEFAULTS: FeedFacts[] = [
  {
    sourceId: "hacker-news",
    name: "Hacker News",
    siteUrl: "https://news.ycombinator.com",
    feedUrl: "https://news.ycombinator.com/rss",
    subject: "Tech",
  },
  {
    sourceId: "arxiv-cs-ai",
    name: "arXiv cs.AI",
    siteUrl: "https://arxiv.org/list/cs.AI/recent",
    feedUrl: "https://rss.arxiv.org/rss/cs.AI",
    subject: "Science",
  },
  {
    sourceId: "nasa-breaking",
    name: "NASA",
    siteUrl: "https://www.nasa.gov",
    feedUrl: "https://www.nasa.gov/news-release/feed/",
    subject: "Space",
  },
  {
    sourceId: "quanta",
    name: "Quanta Magazine",
    siteUrl: "https://www.quantamagazine.org",
    feedUrl: "https://www.quantamagazine.org/feed/",
    subject: "Science",
  },
  {
    sourceId: "github-blog",
    name: "The GitHub Blog",
    siteUrl: "https://github.blog",
    feedUrl: "https://github.blog/feed/",
    subject: "Programming",
  },
  {
    sourceId: "nature-news",
    name: "Nature News",
    siteUrl: "https://www.nature.com/news",
    feedUrl: "https://www.nature.com/nature.rss",
    subject: "Science",
  },
];

/**
 * Feeds whose Latin-script names say nothing of their language (or mislead), by host, as their
 * sites publish them: the inference rules (catalogue-file.ts, `inferLanguage`) would guess wrong.
 */
const KNOWN_LANGUAGES: Record<string, string> = {
  "www.banglanews24.com": "bn",
  "www.bd24live.com": "bn",
  "www.jugantor.com": "bn",
  "www.jagonews24.com": "bn",
  "www.kalerkantho.com": "bn",
  "meduza.io": "ru",
  "gazeta.ua": "uk",
  "www.milannews.it": "it",
  "www.loksatta.com": "mr",
  "maharashtratimes.com": "mr",
  "vesti.ua": "ru",
};

interface Row {
  list: string;
  country: string;
  category: string;
  name: string;
  feedUrl: string;
  siteUrl: string;
}

function rowsOf(tsv: string): Row[] {
  const lines = tsv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const header = lines.shift()?.split("\t") ?? [];
  const expected = ["list", "country", "category", "name", "feed_url", "site_url"];
  if (expected.some((column, i) => header[i] !== column)) throw new Error(`unexpected columns: ${header.join(", ")}`);
  return lines.map((line) => {
    const [list = "", country = "", category = "", name = "", feedUrl = "", siteUrl = ""] = line.split("\t");
    return { list, country, category: category.trim(), name, feedUrl, siteUrl };
  });
}

export function catalogueFromTsv(tsv: string): { file: CatalogueFile; refused: string[] } {
  const rows = rowsOf(tsv);
  const subjects = new Set(rows.filter((r) => r.list === "recommended" && r.category).map((r) => r.category));
  const facts = new Map<string, FeedFacts>();
  const refused: string[] = [];
  const add = (next: FeedFacts) => {
    const address = feedAddress(next.feedUrl);
    if ("error" in address) return void refused.push(`${next.name || next.feedUrl}: ${address.error}`);
    const known = facts.get(address.url);
    if (!known) return void facts.set(address.url, { ...next, feedUrl: address.url });
    // The same feed in another list: what that list adds (a country, a site) is kept.
    known.country ??= next.country;
    known.siteUrl ||= next.siteUrl;
    known.sourceId ??= next.sourceId;
  };
  // Subject lists first, so a feed in both keeps its subject and gains its country.
  const ordered = [...rows.filter((r) => r.list === "recommended"), ...rows.filter((r) => r.list === "country")];
  for (const row of ordered) {
    if (row.list !== "recommended" && row.list !== "country") throw new Error(`unknown list: ${row.list}`);
    const subject = row.list === "recommended" ? row.category : subjects.has(row.category) ? row.category : "News";
    add({
      name: row.name,
      feedUrl: row.feedUrl,
      siteUrl: row.siteUrl || undefined,
      subject,
      country: row.list === "country" ? row.country || undefined : undefined,
    });
  }
  for (const earlier of EARLIER_DEFAULTS) {
    const address = feedAddress(earlier.feedUrl);
    const known = "url" in address ? facts.get(address.url) : undefined;
    if (known) known.sourceId = earlier.sourceId;
    else add(earlier);
  }
  const feeds: CatalogueFeed[] = [];
  for (const fact of facts.values()) {
    const language = KNOWN_LANGUAGES[new URL(fact.feedUrl).hostname];
    const feed = catalogueFeed({ ...fact, ...(language ? { language } : {}) });
    if ("error" in feed) refused.push(`${fact.name}: ${feed.error}`);
    else feeds.push(feed);
  }
  return {
    file: {
      origin:
        "plenaryapp/awesome-rss-feeds (https://github.com/plenaryapp/awesome-rss-feeds), CC0 1.0; and feeds added since",
      feeds: sortFeeds(feeds),
    },
    refused,
  };
}

export function writeCatalogue(file: CatalogueFile): void {
  writeFileSync(CATALOGUE_PATH, `${JSON.stringify(file, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? new URL("awesome-rss-feeds.tsv", import.meta.url).pathname;
  const { file, refused } = catalogueFromTsv(readFileSync(path, "utf8"));
  writeCatalogue(file);
  const languages = new Map<string, number>();
  for (const feed of file.feeds) languages.set(feed.language, (languages.get(feed.language) ?? 0) + 1);
  console.log(`wrote ${file.feeds.length} feeds to ${CATALOGUE_PATH.pathname}`);
  console.log(`languages: ${[...languages].map(([l, n]) => `${l} ${n}`).join(", ")}`);
  for (const line of refused) console.log(`refused ${line}`);
}
