import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { fold } from "../catalogue-text.ts";

/**
 * A stand-in for Hacker News's search (Algolia's `GET /api/v1/search`), answering in its shape
 * from a fixture corpus (`corpus.json`) of stories on subjects the demo feeds do not cover
 * (beekeeping, tide pools, letterpress, amateur radio, bookbinding), and the sites those stories
 * are on, each a page that announces its feed (`<link rel="alternate">`) and the feed itself —
 * one site announces none. So agentic search runs its production code locally, offline: the
 * search, autodiscovery and the new sources it finds.
 */

/** Where the stand-in is mounted on the runtime's port; the API is under `/api/v1`. */
export const STAND_IN_PATH = "/_hackernews";
export const API_PATH = `${STAND_IN_PATH}/api/v1`;

interface Article {
  slug: string;
  title: string;
  summary: string;
  hoursAgo: number;
  hn?: { points: number; comments: number; author: string };
}
interface Site {
  id: string;
  name: string;
  feed: boolean;
  articles: Article[];
}
interface Elsewhere {
  url: string;
  title: string;
  hoursAgo: number;
  points: number;
  comments: number;
  author: string;
}
interface Corpus {
  sites: Site[];
  elsewhere: Elsewhere[];
}

const HOUR = 3_600_000;
/** Algolia's page size when none is asked for, and the most it answers. */
const DEFAULT_HITS = 20;
const MAX_HITS = 1000;

let loaded: Corpus | undefined;
const corpus = () => (loaded ??= JSON.parse(readFileSync(new URL("./corpus.json", import.meta.url), "utf8")) as Corpus);

/** Words as Algolia compares them here: folded, a plural's "s" dropped. */
const words = (text: string) =>
  fold(text)
    .split(" ")
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));

interface Story {
  objectID: string;
  title: string;
  url: string;
  author: string;
  points: number;
  num_comments: number;
  created_at_i: number;
  text: string;
}

function stories(origin: string, now: number): Story[] {
  const { sites, elsewhere } = corpus();
  const out: Story[] = [];
  let id = 41_000_000;
  for (const site of sites) {
    for (const article of site.articles) {
      id++;
      if (!article.hn) continue;
      out.push({
        objectID: String(id),
        title: article.title,
        url: `${origin}${STAND_IN_PATH}/sites/${site.id}/${article.slug}`,
        author: article.hn.author,
        points: article.hn.points,
        num_comments: article.hn.comments,
        created_at_i: Math.floor((now - article.hoursAgo * HOUR) / 1000),
        text: `${article.title} ${article.summary}`,
      });
    }
  }
  for (const story of elsewhere) {
    id++;
    out.push({
      objectID: String(id),
      title: story.title,
      url: story.url,
      author: story.author,
      points: story.points,
      num_comments: story.comments,
      created_at_i: Math.floor((now - story.hoursAgo * HOUR) / 1000),
      text: story.title,
    });
  }
  return out;
}

/**
 * Every word of the query in the story, as Algolia's default requires, except the words named
 * optional (`optionalWords`), of which a story needs none when others match, or one when all are
 * optional; more matched words first, then words in the title, then points.
 */
function search(query: string, optional: string, all: Story[]): Story[] {
  const wanted = [...new Set(words(query))];
  if (wanted.length === 0) return [...all].sort((a, b) => b.points - a.points);
  const optionalWords = new Set(words(optional));
  const required = wanted.filter((w) => !optionalWords.has(w));
  return all
    .map((story) => {
      const inText = new Set(words(story.text));
      const inTitle = new Set(words(story.title));
      const count = wanted.filter((w) => inText.has(w)).length;
      const matched = required.length > 0 ? required.every((w) => inText.has(w)) : count > 0;
      return { story, matched, count, title: wanted.filter((w) => inTitle.has(w)).length };
    })
    .filter((s) => s.matched)
    .sort((a, b) => b.count - a.count || b.title - a.title || b.story.points - a.story.points)
    .map((s) => s.story);
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(site: Site, origin: string, title: string, body: string): string {
  const base = `${origin}${STAND_IN_PATH}/sites/${site.id}`;
  const feed = site.feed
    ? `<link rel="alternate" type="application/rss+xml" title="${escape(site.name)}" href="${base}/feed.xml">`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>${feed}</head><body><h1>${escape(title)}</h1><p>${escape(body)}</p></body></html>`;
}

function feedOf(site: Site, origin: string, now: number): string {
  const base = `${origin}${STAND_IN_PATH}/sites/${site.id}`;
  const items = site.articles
    .map(
      (a) =>
        `<item><title>${escape(a.title)}</title><link>${base}/${a.slug}</link><guid>${base}/${a.slug}</guid><description>${escape(a.summary)}</description><pubDate>${new Date(now - a.hoursAgo * HOUR).toUTCString()}</pubDate></item>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(site.name)}</title><link>${base}/</link><description>${escape(site.name)}</description><language>en</language>${items}</channel></rss>`;
}

/** The stand-in: the search API, and the corpus's sites (pages and feeds). */
export function hackerNewsApp(now: () => number = Date.now): Hono {
  const app = new Hono();
  app.get("/api/v1/search", (c) => {
    const query = c.req.query("query") ?? "";
    const tags = c.req.query("tags");
    const asked = Number(c.req.query("hitsPerPage") ?? DEFAULT_HITS);
    const hitsPerPage = Number.isInteger(asked) && asked >= 0 ? Math.min(asked, MAX_HITS) : DEFAULT_HITS;
    const origin = new URL(c.req.url).origin;
    // Every story here is a story; another tag finds nothing, as the real search would for them.
    const all = tags === undefined || tags === "story" ? stories(origin, now()) : [];
    const found = search(query, c.req.query("optionalWords") ?? "", all);
    const hits = found.slice(0, hitsPerPage).map(({ text: _text, ...story }) => ({
      ...story,
      created_at: new Date(story.created_at_i * 1000).toISOString(),
      story_text: null,
      _tags: ["story", `author_${story.author}`, `story_${story.objectID}`],
    }));
    return c.json({
      hits,
      nbHits: found.length,
      page: 0,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(found.length / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      query,
      params: new URL(c.req.url).search.slice(1),
      processingTimeMS: 1,
    });
  });
  app.get("/sites/:site/feed.xml", (c) => {
    const site = corpus().sites.find((s) => s.id === c.req.param("site"));
    if (!site?.feed) return c.text("Not found", 404);
    return c.body(feedOf(site, new URL(c.req.url).origin, now()), 200, {
      "content-type": "application/rss+xml; charset=utf-8",
    });
  });
  app.get("/sites/:site/:slug?", (c) => {
    const site = corpus().sites.find((s) => s.id === c.req.param("site"));
    const slug = c.req.param("slug");
    const article = slug ? site?.articles.find((a) => a.slug === slug) : undefined;
    if (!site || (slug && !article)) return c.text("Not found", 404);
    const origin = new URL(c.req.url).origin;
    return c.html(
      article ? page(site, origin, article.title, article.summary) : page(site, origin, site.name, site.name),
    );
  });
  return app;
}

/** Real Hacker News with HACKER_NEWS_URL (its API address), else the stand-in on this port. */
export function hackerNewsSettings(runtimeUrl: string, env: NodeJS.ProcessEnv = process.env) {
  const configured = env.HACKER_NEWS_URL?.trim().replace(/\/+$/, "");
  return configured ? { apiUrl: configured, standIn: false } : { apiUrl: `${runtimeUrl}${API_PATH}`, standIn: true };
}
