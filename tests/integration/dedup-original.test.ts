import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Articles from "@graph/core/modules/articles";
import { ArticleClaimEntity } from "../../packages/core/src/modules/articles/article-claim.entity.ts";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { ingestSource } from "@graph/core/workflows/ingest";
import { canonicalUrl, parseFeed } from "@graph/core/lib/syndication";
import * as Search from "@graph/core/modules/search";
import * as Sources from "@graph/core/modules/sources";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let reader: { cookie: string };

const local = { allowPrivateFeeds: false } as const;

beforeAll(async () => {
  feeds = await startFeedServer();
  // Someone reads about the topic these stories match, so their articles get postings.
  reader = await signedIn(api);
  const added = await api.client({ cookie: reader.cookie }).gpt.to_db.$post({
    json: { keyTopicsArray: ["Tidal Turbines", "Kelp Forests", "Salt Marshes"] },
  });
  expect(added.status).toBe(200);
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

/** A catalogue source on the local feed server whose site is `siteUrl`. */
async function source(sourceId: string, siteUrl: string, items: FeedItem[]) {
  feeds.set(`/${sourceId}.xml`, { body: rss(sourceId, items) });
  await Sources.ensureCatalogue([
    { sourceId, name: `Source ${sourceId}`, siteUrl, feedUrl: `${feeds.url}/${sourceId}.xml`, type: "rss" },
  ]);
  expect(await ingestSource(sourceId, local)).toMatchObject({ status: "ok" });
}

async function onlyArticleOf(sourceId: string) {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all" });
  expect(data).toHaveLength(1);
  return data[0]!;
}

async function postingsOf(articleId: string, phrase: string) {
  const postings = await Articles.postingsFor([phrase], 0, 1000);
  return (postings.get(phrase) ?? []).filter((p) => p.articleId === articleId);
}

async function feedIds(cookie: string) {
  const response = await api.client({ cookie }).rss.articles.$get({ query: {} });
  expect(response.status).toBe(200);
  const body = await response.json();
  return Object.values(body.groups)
    .flat()
    .map((a) => a.id);
}

async function searchIds(q: string) {
  await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
  return (await Search.searchArticles(q, 1)).results.map((r) => r.id);
}

describe("which copy of an article is the original", () => {
  it("a feed that published an outlet's link first is displaced when the outlet's own feed brings it", async () => {
    const link = "https://tideworks.example/2024/turbines?utm_source=rss";
    await source("copycat", "https://copycat.example", [
      { title: "Tidal turbines power a whole island", summary: "Copied.", link, ageHours: 2 },
    ]);
    const copy = await onlyArticleOf("copycat");
    expect(copy.duplicateOf).toBeUndefined();
    expect(await postingsOf(copy.articleId, "tidal turbine")).toHaveLength(1);

    // www. and the bare domain are one site.
    await source("tideworks", "https://www.tideworks.example", [
      { title: "Tidal turbines power a whole island", summary: "The original report.", link, ageHours: 2 },
    ]);
    const original = await onlyArticleOf("tideworks");
    expect(original.duplicateOf).toBeUndefined();
    expect(original.onSourceSite).toBe(true);
    expect((await ArticleEntity.get({ articleId: copy.articleId }).go()).data).toMatchObject({
      duplicateOf: original.articleId,
      onSourceSite: false,
    });
    const { data: claim } = await ArticleClaimEntity.get({ kind: "link", value: canonicalUrl(link) }).go();
    expect(claim?.articleId).toBe(original.articleId);
    const { data: title } = await ArticleClaimEntity.get({
      kind: "fingerprint",
      value: original.fingerprint,
    }).go();
    expect(title?.articleId).toBe(original.articleId);

    // Feeds and search show the original only (the copy's postings stay; a feed skips copies).
    expect(await postingsOf(original.articleId, "tidal turbine")).toHaveLength(1);
    const ids = await feedIds(reader.cookie);
    expect(ids).toContain(original.articleId);
    expect(ids).not.toContain(copy.articleId);
    const found = await searchIds("tidal turbines island");
    expect(found).toContain(original.articleId);
    expect(found).not.toContain(copy.articleId);
  });

  it("between two copies of a title each on its own source's site, the first stays the original", async () => {
    await source("kelp-mirror", "https://kelp-mirror.example", [
      {
        title: "Kelp forests recover along the northern coast",
        link: "https://kelp-mirror.example/copied/kelp",
        ageHours: 3,
      },
    ]);
    const copy = await onlyArticleOf("kelp-mirror");
    expect(copy.onSourceSite).toBe(true);

    await source("reefwatch", "https://reefwatch.example", [
      {
        title: "Kelp forests recover along the northern coast",
        link: "https://news.reefwatch.example/kelp",
        ageHours: 3,
      },
    ]);
    // A subdomain of its source's site is on it: both copies are, so nothing moves.
    expect((await onlyArticleOf("reefwatch")).duplicateOf).toBe(copy.articleId);
  });

  it("a title copy whose link is on another site loses to the site's own article (on a subdomain of it)", async () => {
    await source("marsh-aggregator", "https://aggregator.example", [
      {
        title: "Salt marshes store more carbon than expected",
        link: "https://marshlab.example/news/carbon?ref=aggregator",
        guid: "agg-1",
        ageHours: 4,
      },
    ]);
    const early = await onlyArticleOf("marsh-aggregator");
    expect(early.onSourceSite).toBe(false);

    await source("marshlab", "https://marshlab.example", [
      {
        title: "Salt Marshes Store More Carbon Than Expected",
        link: "https://research.marshlab.example/carbon-study",
        ageHours: 4,
      },
    ]);
    const original = await onlyArticleOf("marshlab");
    expect(original.duplicateOf).toBeUndefined();
    expect((await ArticleEntity.get({ articleId: early.articleId }).go()).data?.duplicateOf).toBe(original.articleId);
  });

  it("a copy linking to another site never displaces that site's article that came first", async () => {
    const link = "https://harbourtimes.example/turbine-fleet";
    await source("harbourtimes", "https://harbourtimes.example", [
      { title: "Tidal turbine fleet doubles in size this year", link, ageHours: 5 },
    ]);
    await source("harbour-copy", "https://harbour-copy.example", [
      { title: "Tidal turbine fleet doubles in size this year", link, ageHours: 5 },
    ]);
    const original = await onlyArticleOf("harbourtimes");
    expect(original.duplicateOf).toBeUndefined();
    expect((await onlyArticleOf("harbour-copy")).duplicateOf).toBe(original.articleId);
  });

  it("between copies none of which is on its source's site, the first stays the original", async () => {
    const link = "https://elsewhere.example/kelp-farming";
    await source("digest-one", "https://digest-one.example", [
      { title: "Kelp farming scales up in cold waters", link, ageHours: 6 },
    ]);
    await source("digest-two", "https://digest-two.example", [
      { title: "Kelp farming scales up in cold waters", link, ageHours: 6 },
    ]);
    const first = await onlyArticleOf("digest-one");
    expect(first.duplicateOf).toBeUndefined();
    expect((await onlyArticleOf("digest-two")).duplicateOf).toBe(first.articleId);
  });
});

describe("item links", () => {
  it("keeps only http(s) links, refusing javascript:, data: and other schemes at parse time", async () => {
    const body = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://t.example</link>
      <item><title>Script</title><link>javascript:alert(1)</link><guid>1</guid></item>
      <item><title>Script, mixed case</title><link> JavaScript:alert(1)</link><guid>2</guid></item>
      <item><title>Data</title><link>data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</link><guid>3</guid></item>
      <item><title>Vbscript</title><link>vbscript:msgbox(1)</link><guid>4</guid></item>
      <item><title>File</title><link>file:///etc/passwd</link><guid>5</guid></item>
      <item><title>Script guid</title><guid>javascript:alert(2)</guid></item>
      <item><title>Fine</title><link>https://t.example/fine</link><guid>6</guid></item>
      <item><title>Other site</title><link>http://other.example/ok</link><guid>7</guid></item>
    </channel></rss>`;
    const feed = await parseFeed(body, "https://t.example/feed");
    expect(feed.items.map((i) => i.link)).toEqual(["https://t.example/fine", "http://other.example/ok"]);
  });
});
