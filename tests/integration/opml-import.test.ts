import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedSessionEntity } from "../../packages/core/src/modules/feed/feed-session.entity.ts";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { FeedImportFeedEntity } from "../../packages/core/src/modules/feed-imports/feed-import-feed.entity.ts";
import * as FeedImports from "@graph/core/modules/feed-imports";
import { OPML_IMPORT, OPML_MESSAGES } from "@graph/core/modules/feed-imports";
import { checkFeedImport } from "@graph/core/workflows/feed-import-check";
import { checkSuggestion } from "@graph/core/workflows/source-trust";
import * as Sources from "@graph/core/modules/sources";
import { parseOpml } from "@graph/core/lib/syndication";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * OPML import and export through the API, with the feeds served locally. The import queue is held
 * so each test runs the worker's job itself — with private feeds allowed, as the local feed server
 * is on 127.0.0.1 — and can stop it midway.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const allowPrivate = { allowPrivateFeeds: true } as const;
type Person = Awaited<ReturnType<typeof signedIn>>;
let ada: Person, bob: Person, carol: Person, dan: Person;

beforeAll(async () => {
  feeds = await startFeedServer();
  // Signed up first: a sign-up waits for the queues to be idle, which a held queue never is.
  [ada, bob, carol, dan] = await Promise.all([signedIn(api), signedIn(api), signedIn(api), signedIn(api)]);
  api.runtime.dispatcher.hold("ImportQueue");
  await Sources.ensureCatalogue([
    {
      sourceId: "astro",
      name: "Northwind Astronomy",
      siteUrl: "https://astro.example",
      feedUrl: `${feeds.url}/cat/astro.xml`,
      type: "rss",
    },
    {
      sourceId: "tidepool",
      name: "Tidepool Journal",
      siteUrl: "https://tidepool.example",
      feedUrl: `${feeds.url}/cat/tidepool.xml`,
      type: "rss",
    },
    {
      sourceId: "orbital",
      name: "Orbital Digest",
      siteUrl: "https://orbital.example",
      feedUrl: `${feeds.url}/cat/orbital.xml`,
      type: "rss",
    },
  ]);
});
afterAll(() => feeds?.close());

const html = (head: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>A page</title>${head}</head><body><p>Hello.</p></body></html>`;
const feedAt = (path: string, title: string) =>
  feeds.set(path, {
    body: rss(title, [{ title: `${title}: first post`, link: `https://${path.replace(/\W+/g, "-")}.example/1` }]),
  });

const as = (cookie: string) => api.client({ cookie });
const startImport = (cookie: string, opml: string, fileName = "feeds.opml") =>
  as(cookie).opml.import.$post({ json: { fileName, opml } });
async function latest(cookie: string, query: { cursor?: string; limit?: string } = {}) {
  const response = await as(cookie).opml.import.$get({ query });
  expect(response.status).toBe(200);
  return response.json();
}
async function allFeeds(cookie: string) {
  const first = await latest(cookie);
  const list = [...first.feeds];
  for (let cursor = first.cursor; cursor;) {
    const page = await latest(cookie, { cursor });
    list.push(...page.feeds);
    cursor = page.cursor;
  }
  return { import: first.import!, feeds: list };
}
const opmlOf = (outlines: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>My feeds</title></head><body>${outlines}</body></opml>`;

describe("importing an OPML file", () => {
  it("gives each feed of a file with every quirk its result, and exports what feeds the person", async () => {
    const u = feeds.url;
    feedAt("/q/alpha.xml", "Alpha & Omega");
    feedAt("/q/amp.xml", "Ice Cream Notes");
    feedAt("/q/beta.xml", "Beta Borrow Checker");
    feedAt("/q/untitled.xml", "A Feed Without A Name In The File");
    feedAt("/q/page/feed.rss", "Page Feed");
    feedAt("/q/known.xml", "Known Before");
    feeds.set("/q/page/", {
      contentType: "text/html; charset=utf-8",
      body: html('<link rel="alternate" type="application/rss+xml" href="/q/page/feed.rss">'),
    });
    feeds.set("/q/plain/", { contentType: "text/html; charset=utf-8", body: html('<link rel="icon" href="/i.ico">') });
    // Suggested before the import: already there.
    const suggestionId = randomUUID();
    await SuggestedSourceEntity.create({
      userId: ada.userId,
      suggestionId,
      websiteUrl: `${u}/q/known.xml`,
      rssFeedUrl: "",
      approvalState: "pending",
      createdAt: Date.now(),
    }).go();
    expect((await checkSuggestion(ada.userId, suggestionId, allowPrivate))?.approval_state).toBe("approved");

    const file = opmlOf(`
      <outline text="Alpha &amp; Omega" title="Alpha" type="rss" xmlUrl="${u}/q/alpha.xml" htmlUrl="https://alpha.example/"/>
      <outline text="Ben & Jerry's Flavours" type="rss" xmlUrl="${u}/q/amp.xml?a=1&b=2"/>
      <outline text="Tech">
        <outline text="Rust">
          <outline text="Beta" type="rss" xmlUrl="${u}/q/beta.xml"/>
        </outline>
        <outline type="rss" xmlUrl="${u}/q/untitled.xml"/>
      </outline>
      <outline text="A page that links its feed" xmlUrl="${u}/q/page/"/>
      <outline text="The same feed by its own address" xmlUrl="${u}/q/page/feed.rss"/>
      <outline text="Just a page" xmlUrl="${u}/q/plain/"/>
      <outline text="Gone" xmlUrl="${u}/q/missing.xml"/>
      <outline text="Known" xmlUrl="${u}/q/known.xml"/>
      <outline text="Astronomy" xmlUrl="${u}/cat/astro.xml"/>
      <outline text="Script" xmlUrl="javascript:alert(1)"/>
      <outline text="Alpha again" xmlUrl="${u}/q/alpha.xml#again"/>`);
    const started = await startImport(ada.cookie, file, "from-feedly.opml");
    expect(started.status).toBe(202);
    const view = await started.json();
    expect(view).toMatchObject({ status: "queued", fileName: "from-feedly.opml", total: 11, merged: 1, done: 0 });

    expect(await checkFeedImport(ada.userId, view.importId, allowPrivate)).toBe("done");
    const { import: done, feeds: results } = await allFeeds(ada.cookie);
    const byUrl = new Map(results.map((f) => [f.url, f]));
    const resultOf = (url: string) => {
      const f = byUrl.get(url);
      return f && { status: f.status, reason: f.reason, title: f.title, category: f.category };
    };
    expect(resultOf(`${u}/q/alpha.xml`)).toEqual({
      status: "added",
      reason: null,
      title: "Alpha & Omega",
      category: null,
    });
    expect(resultOf(`${u}/q/amp.xml?a=1&b=2`)).toMatchObject({ status: "added", title: "Ben & Jerry's Flavours" });
    expect(resultOf(`${u}/q/beta.xml`)).toMatchObject({ status: "added", category: "Rust" });
    expect(resultOf(`${u}/q/untitled.xml`)).toMatchObject({ status: "added", title: "", category: "Tech" });
    expect(resultOf(`${u}/q/plain/`)).toMatchObject({
      status: "not_feed",
      reason: expect.stringMatching(/^no RSS or Atom feed found/),
    });
    expect(resultOf(`${u}/q/missing.xml`)).toMatchObject({ status: "failed", reason: "HTTP 404 Not Found" });
    expect(resultOf(`${u}/q/known.xml`)).toMatchObject({ status: "exists", reason: OPML_MESSAGES.addedBefore });
    expect(resultOf(`${u}/cat/astro.xml`)).toMatchObject({ status: "added" });
    expect(resultOf("javascript:alert(1)")).toMatchObject({ status: "failed", reason: OPML_MESSAGES.notWebAddress });
    // A site and its own feed's address are one feed: added once, the other already there.
    expect(
      [resultOf(`${u}/q/page/`), resultOf(`${u}/q/page/feed.rss`)].map((r) => `${r?.status} ${r?.reason}`).sort(),
    ).toEqual(["added null", `exists ${OPML_MESSAGES.listedTwice}`]);
    expect(results.map((f) => f.position)).toEqual([...Array(11).keys()]);
    expect(done).toMatchObject({ status: "done", total: 11, done: 11, added: 6, exists: 2, notFeed: 1, failed: 2 });
    expect(done.finishedAt).toEqual(expect.any(String));
    // A feed graph reads already is not fetched; the listing merged into the first is fetched once.
    expect(feeds.hits("/cat/astro.xml")).toBe(0);
    expect(feeds.hits("/q/alpha.xml")).toBe(1);

    // Each added feed is the person's suggestion, settled: none waits, and their feed takes it.
    const suggestions = await (await as(ada.cookie).rss.user_source_suggested_list.$get()).json();
    expect(suggestions).toHaveLength(1 + 6);
    expect(suggestions.every((s) => s.approval_state === "approved" || s.approval_state === "duplicate")).toBe(true);
    const beta = (await Sources.all()).find((s) => s.feedUrl === `${u}/q/beta.xml`)!;
    expect(beta).toMatchObject({ trusted: false, name: "Beta Borrow Checker", suggesterCount: 1 });
    expect((await Sources.untrustedNotSuggestedBy(ada.userId)).has(beta.sourceId)).toBe(false);
    expect((await Sources.untrustedNotSuggestedBy(bob.userId)).has(beta.sourceId)).toBe(true);

    // Another person reads only their own import (none), and exports only their own sources.
    expect(await latest(bob.cookie)).toEqual({ import: null, feeds: [], cursor: null });
    expect(parseOpml(await (await as(bob.cookie).opml.export.$get()).text())).toEqual([]);
    expect((await api.client().opml.import.$get({ query: {} })).status).toBe(401);
    expect((await api.client().opml.export.$get()).status).toBe(401);

    // The export: what Ada suggested or imported, and what reached her feed in the window.
    const pick = (sourceId: string, sourceName: string) => ({
      id: `article-${sourceId}`,
      title: "A story",
      link: `https://${sourceId}.example/story`,
      sourceName,
      sourceId,
      sourceType: "rss" as const,
      publishedAt: Date.now(),
      bestMatchingKeywords: ["stars"],
      group: "picks",
    });
    const session = (createdAt: number, picks: ReturnType<typeof pick>[]) =>
      FeedSessionEntity.put({
        userId: ada.userId,
        createdAt,
        kind: "auto",
        groupOrder: ["picks"],
        picks,
        nextRefreshAt: createdAt,
      }).go();
    await session(Date.now() - 60_000, [pick("tidepool", "Tidepool Journal"), pick("astro", "Northwind Astronomy")]);
    await session(Date.now() - 200 * 24 * 3_600_000, [pick("orbital", "Orbital Digest")]);
    // A source silenced feeds her no more.
    const silenced = (await Sources.all()).find((s) => s.feedUrl === `${u}/q/untitled.xml`)!;
    expect(
      (await as(ada.cookie).rss.user_source_blacklist.$post({ json: { sourceId: silenced.sourceId } })).status,
    ).toBe(200);
    const exported = await as(ada.cookie).opml.export.$get();
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/x-opml/);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.opml"$/);
    const document = await exported.text();
    expect(document).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<opml version="2\.0">/);
    const back = parseOpml(document);
    const feedUrls = back.map((f) => f.xmlUrl).sort();
    expect(feedUrls).toEqual(
      [
        `${u}/q/alpha.xml`,
        `${u}/q/amp.xml?a=1&b=2`,
        `${u}/q/beta.xml`,
        `${u}/q/page/feed.rss`,
        `${u}/q/known.xml`,
        `${u}/cat/astro.xml`,
        `${u}/cat/tidepool.xml`,
      ].sort(),
    );
    expect(back.find((f) => f.xmlUrl === `${u}/cat/tidepool.xml`)).toEqual({
      title: "Tidepool Journal",
      xmlUrl: `${u}/cat/tidepool.xml`,
      htmlUrl: "https://tidepool.example",
    });
    expect(back.find((f) => f.xmlUrl === `${u}/q/beta.xml`)).toMatchObject({
      title: "Beta Borrow Checker",
      category: "Rust",
    });
    expect(back.find((f) => f.xmlUrl === `${u}/q/amp.xml?a=1&b=2`)?.title).toBe("Ice Cream Notes");
    expect(back.every((f) => f.htmlUrl)).toBe(true);
    expect(document).toContain('text="Alpha &amp; Omega"');
  });

  it("adds 300 feeds past the cap of 20 pending suggestions, reads them back a page at a time, and resumes an import whose worker died midway", async () => {
    const person = carol;
    const manyFile = (prefix: string, n: number) =>
      opmlOf(
        Array.from({ length: n }, (_, i) => {
          feedAt(`/${prefix}/${i}.xml`, `${prefix} feed ${i}`);
          return `<outline text="${prefix} ${i}" type="rss" xmlUrl="${feeds.url}/${prefix}/${i}.xml"/>`;
        }).join("\n"),
      );

    const started = await startImport(person.cookie, manyFile("many", 300));
    expect(started.status).toBe(202);
    const { importId } = await started.json();
    // A second import waits for this one.
    const second = await startImport(person.cookie, manyFile("other", 1));
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toEqual({ error: OPML_MESSAGES.running, code: "import_running" });

    // A run out of time hands the rest on to a new message.
    expect(await checkFeedImport(person.userId, importId, { ...allowPrivate, budgetMs: 0 })).toBe("handed-on");
    expect(await checkFeedImport(person.userId, importId, allowPrivate)).toBe("done");
    const first = await latest(person.cookie, { limit: "200" });
    expect(first.import).toMatchObject({ status: "done", total: 300, done: 300, added: 300, exists: 0, failed: 0 });
    expect(first.feeds).toHaveLength(200);
    const rest = await latest(person.cookie, { cursor: first.cursor! });
    expect(rest.feeds.map((f) => f.position)).toEqual(Array.from({ length: 100 }, (_, i) => 200 + i));
    expect(rest.cursor).toBeNull();
    expect([...first.feeds, ...rest.feeds].every((f) => f.status === "added")).toBe(true);
    // Their places for pending suggestions are all free.
    const suggested = await as(person.cookie).rss.user_source_suggested_list.$post({
      json: { sourceLink: "https://fine.example/feed" },
    });
    expect(suggested.status).toBe(201);
    expect(await latest(person.cookie, { cursor: "not a cursor!" }).catch(() => "refused")).toBe("refused");

    // The next import: its worker dies after 12 results, with some checks half done (their
    // sources made, their results not yet written), and is delivered again.
    const crashing = await startImport(person.cookie, manyFile("crash", 40));
    expect(crashing.status).toBe(202);
    const crash = await crashing.json();
    let fault: { remove(): void } | undefined;
    await expect(
      checkFeedImport(person.userId, crash.importId, {
        ...allowPrivate,
        afterFeed: (written) => {
          if (written === 12) {
            fault = api.runtime.dynamoFaults.inject({
              operation: "TransactWriteItems",
              error: "InternalServerError",
              match: (request) => JSON.stringify(request).includes(crash.importId),
            });
          }
        },
      }),
    ).rejects.toThrow();
    fault!.remove();
    const midway = (await latest(person.cookie)).import!;
    expect(midway.status).toBe("running");
    expect(midway.done).toBeGreaterThanOrEqual(12);
    expect(midway.done).toBeLessThan(40);

    expect(await checkFeedImport(person.userId, crash.importId, allowPrivate)).toBe("done");
    const after = await allFeeds(person.cookie);
    expect(after.import).toMatchObject({
      status: "done",
      total: 40,
      done: 40,
      added: 40,
      exists: 0,
      notFeed: 0,
      failed: 0,
    });
    expect(after.feeds.map((f) => f.status)).toEqual(Array(40).fill("added"));
    // Each feed's source counts the person once, and is among their suggestions once.
    const { data: stored } = await SuggestedSourceEntity.query.byUser({ userId: person.userId }).go({ pages: "all" });
    const crashSources = stored.filter((s) => s.rssFeedUrl.includes("/crash/"));
    expect(crashSources).toHaveLength(40);
    expect(new Set(crashSources.map((s) => s.sourceId)).size).toBe(40);
    const sources = await Sources.byIds(crashSources.map((s) => s.sourceId!));
    expect(sources.map((s) => s.suggesterCount)).toEqual(Array(40).fill(1));
    const { data: items } = await FeedImportFeedEntity.query
      .byUser({ userId: person.userId, importId: crash.importId })
      .go({ pages: "all" });
    expect(items.every((i) => i.settledAt !== undefined)).toBe(true);

    // Deleting the account sweeps its imports and every feed's result away.
    await FeedImports.purgeAccount(person.userId);
    expect(await latest(person.cookie)).toEqual({ import: null, feeds: [], cursor: null });
    const { data: left } = await FeedImportFeedEntity.query.byUser({ userId: person.userId }).go({ pages: "all" });
    expect(left).toEqual([]);
  });
});

describe("import limits", () => {
  it("starts one import of 30 sent at once, refuses the rest as running or over the hourly limit, and refuses files it will not read", async () => {
    const person = dan;
    feedAt("/limits/one.xml", "One");
    const file = opmlOf(`<outline text="One" xmlUrl="${feeds.url}/limits/one.xml"/>`);
    const answers = await Promise.all(Array.from({ length: 30 }, () => startImport(person.cookie, file)));
    const statuses: number[] = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(OPML_IMPORT.perHour - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - OPML_IMPORT.perHour);

    const refuse = async (opml: string, status: number, error: string) => {
      const response = await api.request("POST", "/api/opml/import", { cookie: person.cookie, body: { opml } });
      expect(response.status, opml.slice(0, 40)).toBe(status);
      expect((await errorOf(response)).error).toBe(error);
    };
    await refuse("", 400, OPML_MESSAGES.notOpml);
    await refuse("just some text", 400, OPML_MESSAGES.notOpml);
    await refuse(opmlOf('<outline text="A folder"></outline>'), 400, OPML_MESSAGES.noFeeds);
    await refuse("é".repeat(OPML_IMPORT.maxBytes / 2 + 1), 413, OPML_MESSAGES.tooLarge);
    await refuse(
      opmlOf(
        Array.from({ length: OPML_IMPORT.maxFeeds + 1 }, (_, i) => `<outline xmlUrl="https://f.example/${i}"/>`).join(
          "",
        ),
      ),
      400,
      OPML_MESSAGES.tooManyFeeds,
    );
  });
});
