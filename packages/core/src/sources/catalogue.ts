import type { CatalogueEntry } from "./registry.ts";

/**
 * Public feeds a deployment with network access starts from. A source that cannot be
 * reached is only marked failing and retried later with back-off.
 */
export const DEFAULT_CATALOGUE: readonly CatalogueEntry[] = [
  {
    sourceId: "hacker-news",
    name: "Hacker News",
    siteUrl: "https://news.ycombinator.com",
    feedUrl: "https://news.ycombinator.com/rss",
    type: "rss",
  },
  {
    sourceId: "arxiv-cs-ai",
    name: "arXiv cs.AI",
    siteUrl: "https://arxiv.org/list/cs.AI/recent",
    feedUrl: "https://rss.arxiv.org/rss/cs.AI",
    type: "rss",
  },
  {
    sourceId: "nasa-breaking",
    name: "NASA",
    siteUrl: "https://www.nasa.gov",
    feedUrl: "https://www.nasa.gov/news-release/feed/",
    type: "rss",
  },
  {
    sourceId: "quanta",
    name: "Quanta Magazine",
    siteUrl: "https://www.quantamagazine.org",
    feedUrl: "https://www.quantamagazine.org/feed/",
    type: "rss",
  },
  {
    sourceId: "github-blog",
    name: "The GitHub Blog",
    siteUrl: "https://github.blog",
    feedUrl: "https://github.blog/feed/",
    type: "rss",
  },
  {
    sourceId: "nature-news",
    name: "Nature News",
    siteUrl: "https://www.nature.com/news",
    feedUrl: "https://www.nature.com/nature.rss",
    type: "rss",
  },
];
