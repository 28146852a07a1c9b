import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as AtomFeed from "@graph/core/modules/atom-feed";
import * as Articles from "@graph/core/modules/articles";
import { ingestSource } from "@graph/core/workflows/ingest";
import { parseFeed } from "@graph/core/lib/syndication";
import * as Sources from "@graph/core/modules/sources";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { AtomFeedTokenEntity } from "../../packages/core/src/modules/atom-feed/atom-feed-token.entity.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let reader: Awaited<ReturnType<typeof signedIn>>;

const TOPIC = "Lunar Greenhouse";
const STORY = "Lunar greenhouse grows its first tomatoes";
const ORIGINAL_LINK = "https://moonpost.example/2026/lunar-greenhouse-tomatoes";

beforeAll(async () => {
  feeds = await startFeedServer();
  reader = await signedIn(api);
  const added = await api.client({ cookie: reader.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: [TOPIC] } });
  expect(added.status).toBe(200);
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

/** A trusted catalogue source on the local feed server whose site is `https://<id>.example`, fetched once. */
async function catalogueSource(sourceId: string, items: FeedItem[]) {
  feeds.set(`/${sourceId}.xml`, { body: rss(sourceId, items) });
  await Sources.ensureCatalogue([
    {
      sourceId,
      name: `Source ${sourceId}`,
      siteUrl: `https://${sourceId}.example`,
      feedUrl: `${feeds.url}/${sourceId}.xml`,
      type: "rss",
    },
  ]);
  expect(await ingestSource(sourceId, { allowPrivateFeeds: false })).toMatchObject({ status: "ok" });
}

/** A source someone else suggested and nobody trusted yet (it reaches only its suggesters), fetched once. */
async function untrustedSource(sourceId: string, items: FeedItem[]) {
  feeds.set(`/${sourceId}.xml`, { body: rss(sourceId, items) });
  const now = Date.now();
  await SourceEntity.create({
    sourceId,
    name: `Source ${sourceId}`,
    siteUrl: `https://${sourceId}.example`,
    feedUrl: `${feeds.url}/${sourceId}.xml`,
    type: "rss",
    trusted: false,
    nextFetchAt: now,
    createdAt: now,
  }).go();
  await Sources.recordLegacyOrigin({ sourceId, trusted: false });
  expect(await ingestSource(sourceId, { allowPrivateFeeds: true })).toMatchObject({ status: "ok" });
}

async function onlyArticleOf(sourceId: string) {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all" });
  expect(data).toHaveLength(1);
  return data[0]!;
}

async function articleOf(articleId: string) {
  return (await ArticleEntity.get({ articleId }).go()).data!;
}

async function feedCards(cookie: string) {
  const response = await api.client({ cookie }).rss.articles.$get({ query: {} });
  expect(response.status).toBe(200);
  return Object.values((await response.json()).groups).flat();
}

const atomGet = (url: string, headers: Record<string, string> = {}) =>
  api.request("GET", new URL(url).pathname, { headers });

describe("one card per story", () => {
  it("shows the original once, naming the other trusted sources that carried it, each a link, but no source silenced or untrusted", async () => {
    // A feed republishing the outlet's link comes first; the outlet's own copy displaces it.
    await catalogueSource("aggregator", [
      { title: STORY, link: `${ORIGINAL_LINK}?ref=agg`, guid: "agg-1", ageHours: 2 },
    ]);
    await catalogueSource("moonpost", [
      { title: STORY, summary: "The original report.", link: ORIGINAL_LINK, ageHours: 2 },
    ]);
    await catalogueSource("orbitnews", [
      { title: "Lunar Greenhouse Grows Its First Tomatoes", link: "https://orbitnews.example/tomatoes", ageHours: 2 },
    ]);
    await untrustedSource("rumourmill", [
      { title: STORY, link: "https://rumourmill.example/moon-tomatoes", ageHours: 2 },
    ]);
    await catalogueSource("skydaily", [{ title: STORY, link: "https://skydaily.example/tomatoes", ageHours: 2 }]);

    const original = await onlyArticleOf("moonpost");
    expect(original.duplicateOf).toBeUndefined();
    // The displaced copy and every later copy are named on the original, once each.
    expect(original.coveredBy?.map((c) => c.sourceId)).toEqual(["aggregator", "orbitnews", "rumourmill", "skydaily"]);
    expect((await onlyArticleOf("aggregator")).coveredBy).toBeUndefined();
    // Stored again (a retried ingest), and a second copy of the story from the same source: still named once.
    const orbitnews = (await Sources.get("orbitnews"))!;
    const copy = await onlyArticleOf("orbitnews");
    const item = { guid: copy.guid, title: copy.title, link: copy.link, summary: "", publishedAt: copy.publishedAt };
    expect(await Articles.store(orbitnews, item)).toEqual({ status: "exists" });
    const again = { ...item, guid: "orbit-2", link: "https://orbitnews.example/tomatoes-again" };
    expect(await Articles.store(orbitnews, again)).toMatchObject({ status: "duplicate" });
    expect((await articleOf(original.articleId)).coveredBy).toEqual(original.coveredBy);

    const silenced = await api
      .client({ cookie: reader.cookie })
      .rss.user_source_blacklist.$post({ json: { sourceId: "skydaily" } });
    expect(silenced.status).toBe(200);

    await expect.poll(async () => (await feedCards(reader.cookie)).map((c) => c.id)).toContain(original.articleId);
    const cards = (await feedCards(reader.cookie)).filter((c) => c.title.toLowerCase() === STORY.toLowerCase());
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: original.articleId, source_id: "moonpost", link: ORIGINAL_LINK });
    expect(cards[0]!.alsoCoveredBy).toEqual([
      // The aggregator carried the outlet's own page (its tracking parameter dropped).
      { source_name: "Source aggregator", source_id: "aggregator", link: ORIGINAL_LINK },
      { source_name: "Source orbitnews", source_id: "orbitnews", link: "https://orbitnews.example/tomatoes" },
    ]);
  });
});

describe("the Atom feed of a person's picks", () => {
  const categories = new Parser<object, { terms?: Array<{ $: { term: string } }> }>({
    customFields: { item: [["category", "terms", { keepArray: true }]] },
  });

  it("is off until turned on; then holds the picks with their topics, answers 304 when unchanged, and 404 once revoked", async () => {
    const client = api.client({ cookie: reader.cookie });
    expect(await (await client.atom.$get()).json()).toEqual({ enabled: false, url: null, createdAt: null });
    expect((await api.client().atom.$post()).status).toBe(401);

    const on = await (await client.atom.$post()).json();
    expect(on).toMatchObject({ enabled: true, url: expect.stringMatching(/\/api\/atom\/[A-Za-z0-9_-]{43}$/) });
    // Shown again later, as made.
    expect((await (await client.atom.$get()).json()).url).toBe(on.url);

    const response = await atomGet(on.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const etag = response.headers.get("etag")!;
    const lastModified = response.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const body = await response.text();

    const parsed = await parseFeed(body, on.url!);
    const story = parsed.items.filter((i) => i.title.toLowerCase() === STORY.toLowerCase());
    expect(story).toHaveLength(1);
    expect(story[0]).toMatchObject({ link: ORIGINAL_LINK, author: "Source moonpost", summary: "The original report." });
    const read = await categories.parseString(body);
    expect(read.title).toBe(`graph — picks for ${reader.username}`);
    const entry = read.items.find((i) => i.link === ORIGINAL_LINK)!;
    expect(entry.terms!.map((t) => t.$.term)).toEqual([TOPIC]);

    expect((await atomGet(on.url!, { "if-none-match": etag })).status).toBe(304);
    expect((await atomGet(on.url!, { "if-modified-since": lastModified })).status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await atomGet(on.url!, { "if-modified-since": older })).status).toBe(200);
    expect((await atomGet(on.url!, { "if-none-match": '"something-else"' })).status).toBe(200);

    // A made-up address, of the right shape or not, is no feed.
    expect((await atomGet(on.url!.replace(/[^/]{43}$/, "A".repeat(43)))).status).toBe(404);
    expect((await api.request("GET", "/api/atom/not-a-token")).status).toBe(404);

    // A new address: the old one stops at once.
    const renewed = await (await client.atom.$post()).json();
    expect(renewed.url).not.toBe(on.url);
    expect((await atomGet(on.url!)).status).toBe(404);
    expect((await atomGet(renewed.url!)).status).toBe(200);

    const off = await client.atom.$delete({ json: {} });
    expect(await off.json()).toEqual({ enabled: false, url: null, createdAt: null });
    expect((await atomGet(renewed.url!)).status).toBe(404);
  });

  it("made 30 times at once, leaves one working address: the one the settings show", async () => {
    const client = api.client({ cookie: reader.cookie });
    const answers = await Promise.all(Array.from({ length: 30 }, () => client.atom.$post()));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const urls = [...new Set(await Promise.all(answers.map(async (a) => (await a.json()).url!)))];
    const shown = (await (await client.atom.$get()).json()).url;
    expect(urls).toContain(shown);
    const statuses = await Promise.all(urls.map(async (url) => [url, (await atomGet(url)).status] as const));
    expect(statuses.filter(([, status]) => status === 200)).toEqual([[shown, 200]]);
    const { data: lookups } = await AtomFeedTokenEntity.scan
      .where((attr, op) => op.eq(attr.userId, reader.userId))
      .go({
        pages: "all",
      });
    expect(lookups).toHaveLength(1);

    // Deleting the account removes the feed and its address's look-up.
    await AtomFeed.purgeAccount(reader.userId);
    expect((await atomGet(shown!)).status).toBe(404);
    expect(await AtomFeed.state(reader.userId)).toMatchObject({ enabled: false });
    const { data: left } = await AtomFeedTokenEntity.scan
      .where((attr, op) => op.eq(attr.userId, reader.userId))
      .go({
        pages: "all",
      });
    expect(left).toHaveLength(0);
  });
});
