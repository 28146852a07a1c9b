import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { isPrivateAddress } from "@graph/core/lib/syndication";
import { discoverFeed, guardedFetch, type GuardedFetchOptions, type ResolveHost } from "@graph/core/adapters/http";
import * as Sources from "@graph/core/modules/sources";
import { ingestSource } from "@graph/core/workflows/ingest";
import { checkSuggestion } from "@graph/core/workflows/source-trust";
import { FETCH_POLICY } from "@graph/core/modules/sources";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const html = (head: string, body = "<p>Essays and notes.</p>") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>A site</title>${head}</head><body>${body}</body></html>`;

beforeAll(async () => {
  feeds = await startFeedServer();
  await Sources.ensureCatalogue([
    {
      sourceId: "astro",
      name: "Northwind Astronomy Weekly",
      siteUrl: "https://astro.example",
      feedUrl: `${feeds.url}/catalogue/astro.xml`,
      type: "rss",
    },
    {
      sourceId: "tidepool",
      name: "Tidepool Journal",
      siteUrl: "https://tidepool.example",
      feedUrl: `${feeds.url}/catalogue/tidepool.xml`,
      type: "atom",
    },
    {
      sourceId: "orbital",
      name: "ORBITAL Mechanics Digest",
      siteUrl: "https://orbital.example",
      feedUrl: `${feeds.url}/catalogue/orbital.xml`,
      type: "rss",
    },
  ]);
});
afterAll(() => feeds?.close());

async function search(cookie: string | undefined, q: string) {
  const response = await api.client({ cookie }).rss.source_search.$get({ query: { q } });
  return { status: response.status, body: await response.json() };
}

async function suggestionsOf(cookie: string) {
  const response = await api.client({ cookie }).rss.user_source_suggested_list.$get();
  expect(response.status).toBe(200);
  return response.json();
}

const suggest = (cookie: string | undefined, sourceLink: string) =>
  api.client({ cookie }).rss.user_source_suggested_list.$post({ json: { sourceLink } });

/** A pending suggestion stored as `POST` stores it, without queueing its check (the test runs it). */
async function pendingSuggestion(userId: string, websiteUrl: string, rssFeedUrl = "") {
  const suggestionId = randomUUID();
  await SuggestedSourceEntity.create({
    userId,
    suggestionId,
    websiteUrl,
    rssFeedUrl,
    approvalState: "pending",
    createdAt: Date.now(),
  }).go();
  return suggestionId;
}

const allowPrivate = { allowPrivateFeeds: true } as const;

describe("source search", () => {
  it("needs at least 2 characters", async () => {
    const { cookie } = await signedIn(api);
    for (const q of ["", "a", "  b  "]) {
      const { status, body } = await search(cookie, q);
      expect(status, JSON.stringify(q)).toBe(400);
      expect(body).toEqual({ error: expect.stringMatching(/2 characters/), code: "invalid_input" });
    }
    expect((await search(undefined, "astro")).status).toBe(401);
  });

  it("finds sources by part of their name, whatever the case", async () => {
    const { cookie } = await signedIn(api);
    expect((await search(cookie, "ASTRONOMY")).body).toEqual([
      { id: "astro", name: "Northwind Astronomy Weekly", type: "rss", siteUrl: "https://astro.example" },
    ]);
    expect((await search(cookie, "wind astro")).body).toEqual([expect.objectContaining({ id: "astro" })]);
    expect((await search(cookie, "mechanics")).body).toEqual([expect.objectContaining({ id: "orbital" })]);
    expect((await search(cookie, "pool jour")).body).toEqual([
      { id: "tidepool", name: "Tidepool Journal", type: "atom", siteUrl: "https://tidepool.example" },
    ]);
    expect((await search(cookie, "no such source anywhere")).body).toEqual([]);
  });
});

describe("suggested sources through the API", () => {
  it("answers the pending item, then rejects a private address without contacting it (private feeds off)", async () => {
    feeds.set("/private/feed.xml", {
      body: rss("Private Feed", [{ title: "Inside the intranet", link: "https://private.example/1" }]),
    });
    const person = await signedIn(api);
    const link = `${feeds.url}/private/feed.xml`;
    const response = await suggest(person.cookie, link);
    expect(response.status).toBeLessThan(300);
    const item = await response.json();
    expect(item).toEqual({ id: expect.any(String), website_url: link, rss_feed_url: "", approval_state: "pending" });

    await api.runtime.dispatcher.idle();
    expect(await suggestionsOf(person.cookie)).toEqual([{ ...item, approval_state: "rejected" }]);
    expect(feeds.hits("/private/feed.xml")).toBe(0);
    const { data: stored } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId: item.id }).go();
    expect(stored?.reason).toMatch(/private address/);
    expect((await Sources.all()).some((s) => s.feedUrl === link)).toBe(false);
  });

  it("refuses invalid input with 400 and stores nothing", async () => {
    const person = await signedIn(api);
    const invalid: unknown[] = [
      {},
      { sourceLink: "" },
      { sourceLink: "   " },
      { sourceLink: "javascript:alert(1)" },
      { sourceLink: "javascript://alert(1)" },
      { sourceLink: "ftp://files.example/feed.xml" },
      { sourceLink: `https://example.com/${"a".repeat(3000)}` },
      { sourceLink: "not a web address" },
      { sourceLink: "https://fine.example", sourceRss: "data:text/xml,<rss/>" },
      { sourceLink: 42 },
    ];
    for (const body of invalid) {
      const response = await api.request("POST", "/api/rss/user_source_suggested_list", {
        cookie: person.cookie,
        body,
      });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await errorOf(response)).error).toEqual(expect.any(String));
    }
    await api.runtime.dispatcher.idle();
    expect(await suggestionsOf(person.cookie)).toEqual([]);
    const { data } = await SuggestedSourceEntity.query.byUser({ userId: person.userId }).go();
    expect(data).toEqual([]);
    expect((await suggest(undefined, "https://a.example")).status).toBe(401);
  });

  it("shows each person only their own suggestions", async () => {
    const ada = await signedIn(api);
    const bob = await signedIn(api);
    const adas = await (await suggest(ada.cookie, "http://10.20.30.40/ada-feed.xml")).json();
    const bobs = await (await suggest(bob.cookie, "http://10.20.30.40/bob-feed.xml")).json();
    await api.runtime.dispatcher.idle();
    expect((await suggestionsOf(ada.cookie)).map((s) => s.id)).toEqual([adas.id]);
    expect((await suggestionsOf(bob.cookie)).map((s) => s.id)).toEqual([bobs.id]);
    expect((await api.client().rss.user_source_suggested_list.$get()).status).toBe(401);
  });
});

describe("checking a suggestion", () => {
  it("follows a site page's <link rel=alternate> to a new feed: approved, a new source that gets ingested", async () => {
    feeds.set("/field-notes/", {
      contentType: "text/html; charset=utf-8",
      body: html(
        '<link rel="stylesheet" href="/style.css"><link rel="alternate" type="application/rss+xml" title="Posts" href="/field-notes/posts.rss">',
      ),
    });
    feeds.set("/field-notes/posts.rss", {
      body: rss("Field Notes & Circuits", [
        { title: "Soldering by lamplight", link: "https://field-notes.example/solder", ageHours: 2 },
        { title: "A tiny radio from spare parts", link: "https://field-notes.example/radio", ageHours: 5 },
      ]),
    });
    const person = await signedIn(api);
    const suggestionId = await pendingSuggestion(person.userId, `${feeds.url}/field-notes/`);

    const checked = await checkSuggestion(person.userId, suggestionId, allowPrivate);
    const feedUrl = `${feeds.url}/field-notes/posts.rss`;
    expect(checked).toEqual({
      id: suggestionId,
      website_url: `${feeds.url}/field-notes/`,
      rss_feed_url: feedUrl,
      approval_state: "approved",
    });
    expect(await suggestionsOf(person.cookie)).toEqual([checked]);

    const created = (await Sources.all()).filter((s) => s.feedUrl === feedUrl);
    expect(created).toHaveLength(1);
    const source = created[0]!;
    expect(source).toMatchObject({ name: "Field Notes & Circuits", type: "rss", trusted: false });
    const { data: stored } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId }).go();
    expect(stored?.sourceId).toBe(source.sourceId);

    // Its first fetch was queued at once. This runtime refuses private addresses, and a
    // suggested source is not trusted, so that fetch is refused and recorded...
    await api.runtime.dispatcher.idle();
    const afterQueue = (await Sources.get(source.sourceId))!;
    expect(afterQueue).toMatchObject({ health: "failing" });
    expect(afterQueue.lastError).toMatch(/private address/);
    // ...while where private feeds are allowed it is ingested.
    travel(FETCH_POLICY.refetchGuardMs + 1_000);
    expect(await ingestSource(source.sourceId, allowPrivate)).toMatchObject({ status: "ok", added: 2 });
    const { data: articles } = await ArticleEntity.query.bySource({ sourceId: source.sourceId }).go({ pages: "all" });
    expect(articles.map((a) => a.title).sort()).toEqual(["A tiny radio from spare parts", "Soldering by lamplight"]);
    expect(await Sources.get(source.sourceId)).toMatchObject({ health: "ok" });

    // The same feed suggested again — by its site or by its own address — is a duplicate.
    const other = await signedIn(api);
    const again = await pendingSuggestion(other.userId, `${feeds.url}/field-notes/`);
    expect(await checkSuggestion(other.userId, again, allowPrivate)).toMatchObject({
      approval_state: "duplicate",
      rss_feed_url: feedUrl,
    });
    const direct = await pendingSuggestion(other.userId, feedUrl);
    expect((await checkSuggestion(other.userId, direct, allowPrivate))?.approval_state).toBe("duplicate");
    expect((await Sources.all()).filter((s) => s.feedUrl === feedUrl)).toHaveLength(1);
    expect((await suggestionsOf(other.cookie)).map((s) => s.approval_state)).toEqual(["duplicate", "duplicate"]);
  });

  it("is a duplicate when the feed is already in the catalogue", async () => {
    feeds.set("/catalogue/astro.xml", {
      body: rss("Northwind Astronomy Weekly", [{ title: "Comet season", link: "https://astro.example/comet" }]),
    });
    const person = await signedIn(api);
    const id = await pendingSuggestion(person.userId, `${feeds.url}/catalogue/astro.xml`);
    expect((await checkSuggestion(person.userId, id, allowPrivate))?.approval_state).toBe("duplicate");
    const { data } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId: id }).go();
    expect(data?.sourceId).toBe("astro");
  });

  it("rejects a page that is not a feed and links none, with the reason", async () => {
    feeds.set("/just-a-page/", { contentType: "text/html", body: html('<link rel="icon" href="/favicon.ico">') });
    const person = await signedIn(api);
    const before = (await Sources.all()).length;
    const id = await pendingSuggestion(person.userId, `${feeds.url}/just-a-page/`);
    expect((await checkSuggestion(person.userId, id, allowPrivate))?.approval_state).toBe("rejected");
    const { data } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId: id }).go();
    expect(data?.reason).toMatch(/no RSS or Atom feed found/);
    expect((await Sources.all()).length).toBe(before);
    // The usual feed paths were tried before giving up.
    expect(feeds.hits("/just-a-page/feed")).toBe(1);
    expect(feeds.hits("/rss.xml")).toBe(1);
  });

  it("rejects a site that cannot be reached or answers with an error", async () => {
    const person = await signedIn(api);
    feeds.set("/gone/", { status: 404, body: "gone" });
    const closed = await startFeedServer();
    await closed.close();
    for (const url of [`${feeds.url}/gone/`, `${closed.url}/`]) {
      const id = await pendingSuggestion(person.userId, url);
      expect((await checkSuggestion(person.userId, id, allowPrivate))?.approval_state, url).toBe("rejected");
      const { data } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId: id }).go();
      expect(data?.reason, url).toMatch(/could not fetch|no RSS or Atom feed/);
    }
  });
});

describe("private addresses (SSRF)", () => {
  // The feed server is on 127.0.0.1; here that one address stands for a public host, and
  // names are resolved by a table, as a hostile DNS server could answer.
  const resolveHost: ResolveHost = async (hostname) => {
    const table: Record<string, string> = { "feeds.public.example": "127.0.0.1", "intranet.example": "10.1.2.3" };
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: 4 }];
  };
  const publicOnly: GuardedFetchOptions = {
    allowPrivate: false,
    resolveHost,
    isBlockedAddress: (ip) => ip !== "127.0.0.1" && isPrivateAddress(ip),
  };
  const publicUrl = (path: string) => `http://feeds.public.example:${feeds.port}${path}`;

  it("refuses a redirect from an allowed address to a private one, and follows one to an allowed address", async () => {
    feeds.set("/ok-feed.xml", { body: rss("Allowed", [{ title: "Fine", link: "https://allowed.example/1" }]) });
    feeds.set("/to-metadata", {
      status: 302,
      body: "",
      headers: { location: "http://169.254.169.254/latest/meta-data/iam/" },
    });
    feeds.set("/to-intranet", { status: 301, body: "", headers: { location: "http://intranet.example/admin" } });
    feeds.set("/to-loopback", { status: 307, body: "", headers: { location: "http://127.0.0.2/feed.xml" } });
    feeds.set("/to-allowed", { status: 302, body: "", headers: { location: publicUrl("/ok-feed.xml") } });

    for (const [path, message] of [
      ["/to-metadata", /^refused redirect to http:\/\/169\.254\.169\.254\/.*is a private address/],
      ["/to-intranet", /^refused redirect to http:\/\/intranet\.example\/admin: .*private address \(10\.1\.2\.3\)/],
      ["/to-loopback", /^refused redirect to http:\/\/127\.0\.0\.2\/feed\.xml: .*private address/],
    ] as const) {
      const outcome = await guardedFetch(publicUrl(path), publicOnly);
      expect(outcome, path).toMatchObject({ kind: "error", retryable: false });
      expect(outcome.kind === "error" && outcome.error, path).toMatch(message);
      expect(feeds.hits(path), path).toBe(1);
    }
    expect(await guardedFetch(publicUrl("/to-allowed"), publicOnly)).toMatchObject({
      kind: "ok",
      finalUrl: publicUrl("/ok-feed.xml"),
    });
  });

  it("discovery of a suggested site refuses to follow its redirect to a private address", async () => {
    feeds.set("/moved-site/", { status: 302, body: "", headers: { location: "http://intranet.example/feed.xml" } });
    const result = await discoverFeed(
      publicUrl("/moved-site/"),
      (url, options) => guardedFetch(url, { ...options, ...publicOnly }),
      {
        allowPrivate: false,
      },
    );
    expect(result).toEqual({
      error: expect.stringMatching(/refused redirect to http:\/\/intranet\.example\/feed\.xml/),
    });
  });

  it("refuses a private address without connecting, unless private feeds are allowed", async () => {
    feeds.set("/local-feed.xml", { body: rss("Local", [{ title: "Local news", link: "https://local.example/1" }]) });
    const refused = await guardedFetch(`${feeds.url}/local-feed.xml`, { allowPrivate: false });
    expect(refused).toMatchObject({ kind: "error", error: expect.stringMatching(/127\.0\.0\.1 is a private address/) });
    const viaName = await guardedFetch(`http://localhost:${feeds.port}/local-feed.xml`, { allowPrivate: false });
    expect(viaName).toMatchObject({ kind: "error", error: expect.stringMatching(/private address/) });
    expect(feeds.hits("/local-feed.xml")).toBe(0);
    expect(await guardedFetch(`${feeds.url}/local-feed.xml`, { allowPrivate: true })).toMatchObject({ kind: "ok" });
  });
});
