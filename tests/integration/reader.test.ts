import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Feed from "@graph/core/modules/feed";
import * as Reader from "@graph/core/modules/reader";
import { DELETION_STEPS } from "@graph/core/workflows/person-data";
import { checkSuggestion } from "@graph/core/workflows/source-trust";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { hostileArticle, newsPage, paywallStub } from "../support/article-pages.ts";
import { storedArticle } from "../support/articles.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let pages: Awaited<ReturnType<typeof startFeedServer>>;
const html = "text/html; charset=utf-8";

beforeAll(async () => {
  pages = await startFeedServer();
  pages.set("/news", { body: newsPage(), contentType: html });
  pages.set("/hostile", { body: hostileArticle(), contentType: html });
  pages.set("/header-noarchive", {
    body: newsPage(),
    contentType: html,
    headers: { "x-robots-tag": "googlebot: noarchive" },
  });
  pages.set("/meta-noindex", {
    body: newsPage().replace("<head>", '<head><meta name="robots" content="noindex, nofollow">'),
    contentType: html,
  });
  pages.set("/paywalled", { body: paywallStub(), contentType: html });
  pages.set("/broken", { status: 500, body: "oops", contentType: "text/plain" });
  pages.set("/report.pdf", { body: "%PDF-1.4", contentType: "application/pdf" });
  pages.set("/guarded", { body: newsPage(), contentType: html });
  pages.set("/pictured", { body: newsPage(), contentType: html });
  const pier = sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 140 } } });
  pages.set("/images/pier.jpg", { body: await pier.jpeg().toBuffer(), contentType: "image/jpeg" });
});
afterAll(() => pages?.close());

/** An article stored as ingestion stores one, its link on the test's page server. */
const articleAt = (path: string, sourceId = `reader-source-${randomUUID()}`) =>
  storedArticle("reader", "The pier will be rebuilt in timber", {
    link: `${pages.url}${path}`,
    sourceId,
    sourceName: "Harbour Gazette",
  });

/** The test's pages are on 127.0.0.1: the address guard lets core reach them only when told to. */
const loopback = { allowPrivate: true } as const;

describe("the reader view", () => {
  it("shows a page's pictures from graph's own origin, through the cards' picture proxy", async () => {
    const articleId = await articleAt("/pictured");
    const { reading } = await Reader.read(randomUUID(), articleId, loopback);
    expect(reading.kind).toBe("article");
    if (reading.kind !== "article") return;
    const sources = [...reading.html.matchAll(/<img src="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
    expect(sources).toEqual([expect.stringMatching(/^\/media\/pictures\/[0-9a-f]+\/\d+\.webp$/)]);
    expect(reading.html).not.toContain("/images/pier");
    expect(reading.html).toMatch(/alt="The old pier at dusk" width="\d+" height="\d+"/);
    const served = await fetch(`${api.runtime.url}${sources[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("extracts an article's text, sanitised, and answers a second reader from the blob store", async () => {
    // Core's read needs no account of its readers (the route's session is checked by the API).
    const [a, b] = [randomUUID(), randomUUID()];
    const articleId = await articleAt("/hostile");
    const first = await Reader.read(a, articleId, loopback);
    expect(first.article).toMatchObject({ id: articleId, sourceName: "Harbour Gazette", link: `${pages.url}/hostile` });
    expect(first.reading.kind).toBe("article");
    if (first.reading.kind !== "article") return;
    expect(first.reading.html).toContain("The harbour council met on Tuesday evening");
    expect(first.reading.minutes).toBeGreaterThanOrEqual(1);
    expect(first.reading.words).toBeGreaterThan(200);
    for (const banned of [
      "<script",
      "<iframe",
      "<svg",
      "<form",
      "<object",
      "<input",
      "onmouseover",
      "onerror",
      "style=",
      "javascript:",
      "data:",
      "tracker.example",
    ]) {
      expect(first.reading.html, banned).not.toContain(banned);
    }
    expect(first.reading.html).toContain(
      `href="${pages.url}/news/follow-up" target="_blank" rel="noopener noreferrer"`,
    );
    expect(pages.hits("/hostile")).toBe(1);

    const second = await Reader.read(b, articleId, loopback);
    expect(second.reading).toEqual(first.reading);
    expect(pages.hits("/hostile")).toBe(1);
  });

  it("shows no copy of a page that asks not to be archived, by header or meta tag, and keeps only that verdict", async () => {
    const person = { userId: randomUUID() };
    for (const path of ["/header-noarchive", "/meta-noindex"]) {
      const articleId = await articleAt(path);
      expect((await Reader.read(person.userId, articleId, loopback)).reading, path).toEqual({ kind: "not-archived" });
      expect((await Reader.read(person.userId, articleId, loopback)).reading, path).toEqual({ kind: "not-archived" });
      expect(pages.hits(path), path).toBe(1);
    }
  });

  it("says so when the page is a stub, cannot be fetched, or is not a web page", async () => {
    const person = { userId: randomUUID() };
    const read = async (path: string) => (await Reader.read(person.userId, await articleAt(path), loopback)).reading;
    expect(await read("/paywalled")).toEqual({ kind: "too-small" });
    expect(await read("/broken")).toEqual({ kind: "failed" });
    expect(await read("/report.pdf")).toEqual({ kind: "failed" });
    expect(await read("/missing")).toEqual({ kind: "failed" });
  });

  it("answers through the API, marks the article seen, and fetches only through the address guard", async () => {
    const person = await signedIn(api);
    const client = api.client({ cookie: person.cookie });
    // This runtime does not allow private addresses: the loopback page is refused, never asked.
    const articleId = await articleAt("/guarded");
    const response = await client.reader[":articleId"].$get({ param: { articleId } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.article.id).toBe(articleId);
    expect(body.reading).toEqual({ kind: "failed" });
    expect(pages.hits("/guarded")).toBe(0);
    expect(await Feed.Seen.seenAmong(person.userId, [articleId])).toEqual(new Set([articleId]));
  });

  it("refuses an article graph does not store, and anyone signed out", async () => {
    const person = await signedIn(api);
    const missing = await api
      .client({ cookie: person.cookie })
      .reader[":articleId"].$get({ param: { articleId: "no-such-article" } });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("not_found");
    const articleId = await articleAt("/news");
    const anonymous = await api.client().reader[":articleId"].$get({ param: { articleId } });
    expect(anonymous.status).toBe(401);
    expect(pages.hits("/news")).toBe(0);
  });

  it("refuses an untrusted source's article to everyone but its suggesters (404)", async () => {
    const [suggester, other] = await Promise.all([signedIn(api), signedIn(api)]);
    pages.set("/own/feed.xml", { body: rss("Own Blog", [{ title: "A post", link: `${pages.url}/news` }]) });
    const suggestionId = randomUUID();
    await SuggestedSourceEntity.create({
      userId: suggester.userId,
      suggestionId,
      websiteUrl: `${pages.url}/own/feed.xml`,
      rssFeedUrl: "",
      approvalState: "pending",
      createdAt: Date.now(),
    }).go();
    await checkSuggestion(suggester.userId, suggestionId, { allowPrivateFeeds: true });
    const { data } = await SuggestedSourceEntity.get({ userId: suggester.userId, suggestionId }).go();
    expect(data?.sourceId).toBeTruthy();
    const articleId = await articleAt("/news", data!.sourceId!);

    await expect(Reader.read(other.userId, articleId, loopback)).rejects.toMatchObject({ status: 404 });
    const refused = await api.client({ cookie: other.cookie }).reader[":articleId"].$get({ param: { articleId } });
    expect(refused.status).toBe(404);
    expect(await Feed.Seen.seenAmong(other.userId, [articleId])).toEqual(new Set());
    expect((await Reader.read(suggester.userId, articleId, loopback)).reading.kind).toBe("article");
  });

  it("keeps the person's choice to open articles on the publisher's site, and refuses a malformed one", async () => {
    const person = await signedIn(api);
    const client = api.client({ cookie: person.cookie });
    expect(await (await client.reader.settings.$get()).json()).toEqual({ openOnPublisher: false });
    const saved = await client.reader.settings.$put({ json: { openOnPublisher: true } });
    expect(await saved.json()).toEqual({ openOnPublisher: true });
    expect(await (await client.reader.settings.$get()).json()).toEqual({ openOnPublisher: true });
    const bad = await api.request("PUT", "/api/reader/settings", {
      cookie: person.cookie,
      body: { openOnPublisher: "yes" },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    expect(await (await client.reader.settings.$get()).json()).toEqual({ openOnPublisher: true });

    // Account deletion's step (from the person-data registry) removes it.
    const step = DELETION_STEPS.find((s) => s.name === "reader")!;
    await step.run({ userId: person.userId, username: person.username, email: person.email, createdAt: 0 });
    expect(await (await client.reader.settings.$get()).json()).toEqual({ openOnPublisher: false });
  });
});
