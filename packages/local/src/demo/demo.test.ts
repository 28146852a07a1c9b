import { Hono } from "hono";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { parseFeed } from "@graph/core/lib/syndication";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { DEMO_SOURCES, demoArticles, mountDemoFeeds, renderDemoFeed, type DemoArticle } from "./index.ts";
import { withoutCampaign } from "./items.ts";
import { DAY, HOUR, MINUTE } from "./schedule.ts";
import { SOURCE_DATA } from "./sources/index.ts";

type YtItem = { "yt:videoId"?: string; "media:group"?: { "media:description"?: string[] } };
const parser = new Parser<Record<string, unknown>, YtItem>({ customFields: { item: ["yt:videoId", "media:group"] } });

// A fixed instant plus a spread of others, so no test depends on the wall clock.
const NOW = Date.UTC(2025, 5, 14, 9, 41, 27);
const INSTANTS = Array.from({ length: 40 }, (_, k) => NOW + k * 17 * HOUR + ((k * 7919) % 60) * MINUTE);
const BASE = "http://127.0.0.1:4100";

const byType = (type: string) => DEMO_SOURCES.filter((s) => s.type === type).length;
const text = (a: DemoArticle) => `${a.title}\n${a.summary}`.toLowerCase();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("demo sources", () => {
  it("cover every feed type", () => {
    expect(DEMO_SOURCES.length).toBeGreaterThanOrEqual(24);
    expect(byType("rss")).toBeGreaterThanOrEqual(8);
    expect(byType("atom")).toBeGreaterThanOrEqual(6);
    expect(byType("youtube")).toBeGreaterThanOrEqual(5);
    expect(byType("bluesky")).toBeGreaterThanOrEqual(5);
  });

  it("have unique ids and paths, and sites under a reserved example domain", () => {
    expect(new Set(DEMO_SOURCES.map((s) => s.id)).size).toBe(DEMO_SOURCES.length);
    expect(new Set(DEMO_SOURCES.map((s) => s.path)).size).toBe(DEMO_SOURCES.length);
    for (const source of DEMO_SOURCES) {
      expect(source.path).toBe(`/demo/feeds/${source.id}.xml`);
      expect(new URL(source.siteUrl).hostname).toMatch(/\.example$/);
      expect(source.name.trim()).not.toBe("");
    }
  });

  it("write a title for every entry except Bluesky-style posts, which fit in a post", () => {
    for (const source of SOURCE_DATA) {
      for (const entry of source.entries) {
        if (source.type === "bluesky") {
          expect(entry.title).toBeUndefined();
          expect(entry.summary.length).toBeLessThanOrEqual(300);
        } else {
          expect(entry.title?.length ?? 0).toBeGreaterThan(10);
          expect(entry.summary.length).toBeGreaterThan(40);
          expect(entry.summary.length).toBeLessThanOrEqual(400);
        }
      }
    }
  });
});

describe("rendered feeds", () => {
  it.each(DEMO_SOURCES.map((s) => [s.id, s] as const))(
    "%s parses with rss-parser with every item",
    async (_, source) => {
      const data = SOURCE_DATA.find((d) => d.id === source.id)!;
      const feed = renderDemoFeed(source.id, NOW, BASE)!;
      expect(feed.contentType).toMatch(source.type === "rss" || source.type === "bluesky" ? /rss\+xml/ : /atom\+xml/);

      const parsed = await parser.parseString(feed.body);
      expect(parsed.items).toHaveLength(data.entries.length);
      const expected = new Map(
        demoArticles(NOW)
          .filter((a) => a.sourceId === source.id)
          .map((a) => [a.link, a]),
      );
      for (const item of parsed.items) {
        const article = expected.get(item.link ?? "");
        expect(article, `item link ${item.link}`).toBeDefined();
        expect(Date.parse(item.isoDate ?? "")).toBe(article!.publishedAt);
        if (source.type === "bluesky") {
          expect(item.title).toBeUndefined();
          expect(item.content).toBe(article!.summary);
        } else {
          // Escaping survives the round trip: titles come back exactly as written.
          expect(item.title).toBe(article!.title);
        }
        if (source.type === "youtube") {
          expect(item["yt:videoId"]).toBe(article!.videoId);
          expect(item["media:group"]?.["media:description"]?.[0]).toBe(article!.summary);
        }
        if (source.type === "rss" || (source.type === "atom" && data.html)) {
          expect(item.contentSnippet).toBe(article!.summary);
        } else if (source.type === "atom") {
          expect(item.summary).toBe(article!.summary);
        }
      }
    },
  );

  it("is identical within an hour and dates items only in the past", () => {
    const hourStart = Math.floor(NOW / HOUR) * HOUR;
    for (const { id } of DEMO_SOURCES) {
      const a = renderDemoFeed(id, hourStart, BASE)!;
      const b = renderDemoFeed(id, hourStart + HOUR - 1, BASE)!;
      expect(b.body).toBe(a.body);
      expect(b.etag).toBe(a.etag);
      expect(Date.parse(a.lastModified)).toBeLessThanOrEqual(hourStart);
    }
    for (const now of INSTANTS) for (const a of demoArticles(now)) expect(a.publishedAt).toBeLessThanOrEqual(now);
  });

  it("changes as hours pass, keeping each item's date and id", () => {
    const before = demoArticles(NOW);
    const after = demoArticles(NOW + HOUR);
    const changed = DEMO_SOURCES.filter(
      ({ id }) => renderDemoFeed(id, NOW, BASE)!.etag !== renderDemoFeed(id, NOW + HOUR, BASE)!.etag,
    );
    expect(changed.length).toBeGreaterThan(0);
    const earlier = new Map(before.map((a) => [a.guid, a]));
    const kept = after.filter((a) => earlier.has(a.guid));
    expect(kept.length).toBeGreaterThan(before.length * 0.9);
    for (const a of kept) expect(a.publishedAt).toBe(earlier.get(a.guid)!.publishedAt);
    expect(after.length - kept.length).toBeGreaterThan(0); // new items arrived
  });

  it("points links at the source's own site", () => {
    for (const a of demoArticles(NOW)) {
      const site = DEMO_SOURCES.find((s) => s.id === a.sourceId)!.siteUrl;
      expect(new URL(a.link).origin).toBe(new URL(site).origin);
      if (a.sourceType === "bluesky") expect(a.link.startsWith(`${site}/post/`)).toBe(true);
    }
  });
});

describe("corpus", () => {
  const articles = demoArticles(NOW);

  it("has at least 480 articles", () => {
    expect(articles.length).toBeGreaterThanOrEqual(480);
  });

  it("always has at least 30% of articles from the last 24 hours, a few in every hour", () => {
    for (const now of INSTANTS) {
      const all = demoArticles(now);
      const ages = all.map((a) => now - a.publishedAt);
      expect(ages.filter((age) => age <= DAY).length / all.length).toBeGreaterThanOrEqual(0.3);
      // Items appear when the hour turns: each of the last 24 clock hours has a few.
      const hourStart = Math.floor(now / HOUR) * HOUR;
      for (let h = 0; h < 24; h++) {
        const from = hourStart - (h + 1) * HOUR;
        const inHour = all.filter((a) => a.publishedAt > from && a.publishedAt <= from + HOUR);
        expect(inHour.length).toBeGreaterThanOrEqual(3);
      }
      expect(Math.max(...ages)).toBeLessThanOrEqual(30 * DAY + HOUR);
      expect(ages.filter((age) => age > 14 * DAY).length).toBeGreaterThan(20);
    }
  });

  it("mentions every built-in topic in at least two articles", () => {
    const texts = articles.map(text);
    const thin = BUILTIN_TOPICS.map((topic) => {
      // The phrase as written (a plural ending allowed), starting and ending at word boundaries.
      const words = topic.toLowerCase().split(/\s+/);
      const pattern = new RegExp(`(^|[^a-z0-9])${words.map(escapeRegExp).join("\\s+")}(s|es)?(?![a-z0-9])`);
      const plain = texts.filter((t) => words.every((w) => t.includes(w)));
      const phrase = texts.filter((t) => pattern.test(t));
      return { topic, plain: plain.length, phrase: phrase.length };
    }).filter(({ plain, phrase }) => plain < 2 || phrase < 2);
    expect(thin).toEqual([]);
  });

  it("gives every article its own link and id", () => {
    const links = articles.map((a) => withoutCampaign(a.link));
    expect(new Set(links).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.guid)).size).toBe(articles.length);
  });

  it("carries campaign parameters on a few links", () => {
    const tracked = articles.filter((a) => new URL(a.link).searchParams.has("utm_source"));
    expect(tracked.length).toBeGreaterThanOrEqual(5);
    for (const a of tracked) expect(withoutCampaign(a.link)).not.toContain("utm_");
  });

  it("reports a few stories twice, in different sources, with near-identical headlines", () => {
    const stories = new Map<string, DemoArticle[]>();
    for (const a of articles) if (a.story) stories.set(a.story, [...(stories.get(a.story) ?? []), a]);
    expect(stories.size).toBeGreaterThanOrEqual(5);
    const fold = (title: string, sourceName: string) =>
      title
        .replace(new RegExp(`\\s+-\\s+${escapeRegExp(sourceName)}$`), "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    for (const [, copies] of stories) {
      expect(copies.length).toBeGreaterThanOrEqual(2);
      expect(new Set(copies.map((a) => a.sourceId)).size).toBe(copies.length);
      const names = copies.map((a) => DEMO_SOURCES.find((s) => s.id === a.sourceId)!.name);
      expect(new Set(copies.map((a, i) => fold(a.title, names[i]!))).size).toBe(1);
      expect(new Set(copies.map((a) => a.title)).size).toBe(copies.length);
      expect(copies.some((a, i) => a.title.endsWith(` - ${names[i]}`))).toBe(true);
      const times = copies.map((a) => a.publishedAt);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(3 * HOUR);
    }
  });
});

describe("mountDemoFeeds", () => {
  const app = new Hono();
  mountDemoFeeds(app, () => NOW);
  const path = DEMO_SOURCES[0]!.path;

  it("serves a feed with validators", async () => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const feed = renderDemoFeed(DEMO_SOURCES[0]!.id, NOW, "http://localhost")!;
    expect(res.headers.get("etag")).toBe(feed.etag);
    expect(res.headers.get("last-modified")).toBe(feed.lastModified);
    expect((await parser.parseString(await res.text())).items.length).toBeGreaterThan(0);
  });

  it("answers 304 to the current ETag and 200 to a stale one", async () => {
    const etag = (await app.request(path)).headers.get("etag")!;
    const fresh = await app.request(path, { headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(304);
    expect(await fresh.text()).toBe("");
    expect(fresh.headers.get("etag")).toBe(etag);
    expect((await app.request(path, { headers: { "If-None-Match": `W/${etag}, "other"` } })).status).toBe(304);
    expect((await app.request(path, { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it("answers 304 to If-Modified-Since at or after the newest item", async () => {
    const lastModified = (await app.request(path)).headers.get("last-modified")!;
    expect((await app.request(path, { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - HOUR).toUTCString();
    expect((await app.request(path, { headers: { "If-Modified-Since": earlier } })).status).toBe(200);
  });

  it("gives every RSS and Atom item a picture served beside the feeds, at the size the feed declares", async () => {
    const files = new Set<string>();
    for (const source of DEMO_SOURCES) {
      const feed = renderDemoFeed(source.id, NOW, BASE)!;
      const { items } = await parseFeed(feed.body, `${BASE}${source.path}`);
      for (const item of items) {
        if (source.type === "rss" || source.type === "atom") {
          const url = new URL(item.picture!);
          expect(url.origin).toBe(BASE);
          files.add(url.pathname);
        } else if (source.type === "bluesky") expect(item.picture).toBeUndefined();
      }
    }
    // A few pictures a source, each resized once however many articles name it.
    const sites = DEMO_SOURCES.filter((s) => s.type === "rss" || s.type === "atom").length;
    expect(files.size).toBe(sites * 2);
    const first = [...files][0]!;
    const res = await app.request(first);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 675]);
    expect((await app.request(first.replace(/-\d+\.jpg$/, "-3.jpg"))).status).toBe(404);
    expect((await app.request("/demo/pictures/nope-1.jpg")).status).toBe(404);
  });

  it("answers 404 for unknown feeds", async () => {
    expect((await app.request("/demo/feeds/nope.xml")).status).toBe(404);
    expect((await app.request("/demo/feeds/northwind-ml")).status).toBe(404);
  });
});
