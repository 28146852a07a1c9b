import { afterEach, describe, expect, it } from "vitest";
import { discoverFeed, linkedFeeds, type Fetcher } from "./discover.ts";
import { fixture, startServer, type TestServer } from "../../lib/syndication/fixtures/server.ts";
import { guardedFetch } from "./fetch.ts";

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** A site on a local server: path → [content type, body]. Anything else is a 404. */
async function site(pages: Record<string, [string, string | Buffer]>): Promise<TestServer> {
  const server = await startServer((request, response) => {
    const page = pages[request.url ?? ""];
    if (!page) {
      response.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><title>Not found</title>");
      return;
    }
    response.writeHead(200, { "content-type": page[0] }).end(page[1]);
  });
  servers.push(server);
  return server;
}

const HTML = "text/html; charset=utf-8";
const RSS = "application/rss+xml";
const local = { allowPrivate: true };

describe("discoverFeed", () => {
  it("uses the URL itself when it is a feed", async () => {
    const server = await site({ "/feed.xml": [RSS, fixture("rss2.xml")] });
    const found = await discoverFeed(`${server.origin}/feed.xml`, guardedFetch, local);
    expect(found).toMatchObject({ feedUrl: `${server.origin}/feed.xml`, feed: { title: "Field Notes & Circuits" } });
    expect(server.requests).toHaveLength(1);
  });

  it("follows the page's <link rel=alternate> to the feed", async () => {
    const server = await site({
      "/": [HTML, fixture("html-page.html")],
      "/feed.xml": [RSS, fixture("rss2.xml")],
      "/comments/feed.xml": [RSS, fixture("atom.xml")],
    });
    const found = await discoverFeed(`${server.origin}/`, guardedFetch, local);
    if ("error" in found) throw new Error(found.error);
    expect(found.feedUrl).toBe(`${server.origin}/feed.xml`);
    expect(found.body).toContain("<rss");
    expect(found.feed.items).toHaveLength(3);
    expect(server.requests.map((request) => request.path)).toEqual(["/", "/feed.xml"]);
  });

  it("skips a linked feed that does not parse and tries the next", async () => {
    const page = `<!doctype html><html><head>
      <link rel="alternate" type="application/rss+xml" href="/broken.xml">
      <link rel="alternate" type="application/atom+xml" href="atom.xml">
      </head><body></body></html>`;
    const server = await site({
      "/blog/": [HTML, page],
      "/broken.xml": [RSS, fixture("malformed.xml")],
      "/blog/atom.xml": ["application/atom+xml", fixture("atom.xml")],
    });
    const found = await discoverFeed(`${server.origin}/blog/`, guardedFetch, local);
    expect(found).toMatchObject({ feedUrl: `${server.origin}/blog/atom.xml`, feed: { type: "atom" } });
  });

  it("tries the usual feed paths when the page links none", async () => {
    const server = await site({
      "/": [HTML, "<!doctype html><html><head><title>Plain</title></head><body>No feed links here.</body></html>"],
      "/rss.xml": [RSS, fixture("bluesky.xml")],
      "/index.xml": [RSS, fixture("rdf.xml")],
    });
    const found = await discoverFeed(`${server.origin}/`, guardedFetch, local);
    // /rss.xml comes before /index.xml in the list of usual paths
    expect(found).toMatchObject({ feedUrl: `${server.origin}/rss.xml`, feed: { type: "bluesky" } });
    const paths = server.requests.map((request) => request.path).sort();
    expect(paths).toEqual(["/", "/atom.xml", "/feed", "/feed.xml", "/index.xml", "/rss", "/rss.xml"]);
  });

  it("tries the usual paths beside a section page before the site root", async () => {
    const server = await site({
      "/notes": [HTML, "<!doctype html><title>Notes</title>"],
      "/notes/feed": [RSS, fixture("rdf.xml")],
      "/feed": [RSS, fixture("rss2.xml")],
    });
    expect(await discoverFeed(`${server.origin}/notes`, guardedFetch, local)).toMatchObject({
      feedUrl: `${server.origin}/notes/feed`,
    });
  });

  it("reports a page with no feed", async () => {
    const server = await site({ "/": [HTML, "<!doctype html><title>Nothing</title>"] });
    expect(await discoverFeed(`${server.origin}/`, guardedFetch, local)).toEqual({
      error: `no RSS or Atom feed found at ${server.origin}/`,
    });
  });

  it("reports an unreachable site", async () => {
    const server = await site({});
    expect(await discoverFeed(`${server.origin}/`, guardedFetch, local)).toEqual({
      error: `could not fetch ${server.origin}/: HTTP 404 Not Found`,
    });
  });

  it("refuses private addresses unless allowed", async () => {
    const server = await site({ "/feed.xml": [RSS, fixture("rss2.xml")] });
    const found = await discoverFeed(`${server.origin}/feed.xml`, guardedFetch, { allowPrivate: false });
    expect(found).toEqual({
      error: `could not fetch ${server.origin}/feed.xml: refused ${server.origin}/feed.xml: 127.0.0.1 is a private address`,
    });
    expect(server.requests).toHaveLength(0);
  });

  it("takes an address without a scheme as https, and passes the fetch options through", async () => {
    const calls: Array<[string, boolean]> = [];
    const fetcher: Fetcher = async (url, options) => {
      calls.push([url, options.allowPrivate]);
      return { kind: "ok", status: 200, body: fixture("atom.xml").toString("utf8"), finalUrl: url };
    };
    const found = await discoverFeed("  orbital.example/atom.xml ", fetcher, { allowPrivate: false });
    expect(found).toMatchObject({ feedUrl: "https://orbital.example/atom.xml" });
    expect(calls).toEqual([["https://orbital.example/atom.xml", false]]);
  });

  it("refuses text that is not a web address", async () => {
    const fetcher: Fetcher = async () => {
      throw new Error("must not fetch");
    };
    expect(await discoverFeed("javascript:alert(1)", fetcher, local)).toEqual({
      error: "not a web address: javascript:alert(1)",
    });
    expect(await discoverFeed("   ", fetcher, local)).toEqual({ error: "not a web address: (empty)" });
  });
});

describe("linkedFeeds", () => {
  it("reads rss, atom and rdf alternates in document order, honouring <base>", () => {
    const html = `<html><head><base href="https://cdn.example/site/">
      <link rel="stylesheet" href="/a.css">
      <link rel="alternate" type="text/html" href="/other-language">
      <LINK REL="Alternate" TYPE="application/atom+xml" HREF="atom.xml">
      <link rel="alternate home" type="application/rss+xml; charset=utf-8" href="https://feeds.example/rss?a=1&amp;b=2">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      <link rel="alternate" type="application/rdf+xml" href="/index.rdf">
      </head></html>`;
    expect(linkedFeeds(html, "https://site.example/")).toEqual([
      "https://cdn.example/site/atom.xml",
      "https://feeds.example/rss?a=1&b=2",
      "https://cdn.example/index.rdf",
    ]);
  });
});
