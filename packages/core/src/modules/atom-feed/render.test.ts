import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { parseFeed } from "../../lib/syndication/index.ts";
import { escapeXml, etagOf, isNotModified, renderAtom, tagUri, type AtomDocument, type AtomEntry } from "./render.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 20, 8, 30);

const entry = (over: Partial<AtomEntry> = {}): AtomEntry => ({
  id: tagUri("graph.example", "2026", "article:abc"),
  title: "Tidal turbines power an island",
  link: "https://tideworks.example/turbines",
  published: T0,
  updated: T0,
  author: "Tideworks",
  summary: "The original report.",
  categories: ["Tidal Turbines"],
  ...over,
});

const doc = (entries: AtomEntry[], over: Partial<AtomDocument> = {}): AtomDocument => ({
  id: tagUri("graph.example", "2026", "picks:u1"),
  title: "graph — picks for ada",
  selfUrl: "https://graph.example/api/atom/secret",
  alternateUrl: "https://graph.example/home",
  author: "graph",
  updated: T0 + DAY,
  entries,
  ...over,
});

const render = (d: AtomDocument) => renderAtom(d, { summaryChars: 600 });
const categoryParser = new Parser<object, { terms?: Array<{ $: { term: string } }> }>({
  customFields: { item: [["category", "terms", { keepArray: true }]] },
});

describe("the Atom document", () => {
  it("holds the feed's and each entry's required elements and parses back", async () => {
    const xml = render(doc([entry(), entry({ id: "tag:graph.example,2026:article%3Adef", title: "Second" })]));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(xml).toContain(`<updated>${new Date(T0 + DAY).toISOString()}</updated>`);
    expect(xml).toContain(
      `<link rel="self" type="application/atom+xml" href="https://graph.example/api/atom/secret"/>`,
    );
    expect(xml).toContain(`<category term="Tidal Turbines" label="Tidal Turbines"/>`);

    const parsed = await parseFeed(xml, "https://graph.example/api/atom/secret");
    expect(parsed.items.map((i) => [i.guid, i.title, i.link, i.author, i.publishedAt])).toEqual([
      [
        "tag:graph.example,2026:article%3Aabc",
        "Tidal turbines power an island",
        "https://tideworks.example/turbines",
        "Tideworks",
        T0,
      ],
      ["tag:graph.example,2026:article%3Adef", "Second", "https://tideworks.example/turbines", "Tideworks", T0],
    ]);
    const read = await categoryParser.parseString(xml);
    expect(read.title).toBe("graph — picks for ada");
    expect(read.items[0]!.terms!.map((c) => c.$.term)).toEqual(["Tidal Turbines"]);
  });

  it("escapes hostile titles, links, summaries and topic names, and drops characters XML cannot hold", async () => {
    const hostile = entry({
      title: `</title><script>alert("x")</script> & 'more' \u0000\u0007\uFFFE\uD800`,
      link: `https://evil.example/?a=1&b="><x y='`,
      summary: "<b>bold</b> & ]]> end",
      author: `Evil <Feed> & "Co"`,
      categories: [`"/><category term="injected`, "R&D <lab>", "\u0001"],
    });
    const xml = render(doc([hostile], { title: `graph — picks for <ada&"bob">` }));
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0000");
    expect(xml).not.toMatch(/[\uD800-\uDFFF\uFFFE]/);
    expect(xml).not.toContain(`term="injected"`);
    const read = await categoryParser.parseString(xml);
    expect(read.title).toBe(`graph — picks for <ada&"bob">`);
    const item = read.items[0]!;
    expect(item.title).toBe(`</title><script>alert("x")</script> & 'more' `);
    expect(item.link).toBe(`https://evil.example/?a=1&b=%22%3E%3Cx%20y=%27`);
    // An empty topic (nothing left once unfit characters go) makes no category.
    expect(item.terms!.map((c) => c.$.term)).toEqual([`"/><category term="injected`, "R&D <lab>"]);
    const parsed = await parseFeed(xml, "https://graph.example/api/atom/secret");
    // A text summary, escaped: readers show the markup as text (graph's own parser reads it as HTML).
    expect(xml).toContain(`<summary type="text">&lt;b&gt;bold&lt;/b&gt; &amp; ]]&gt; end</summary>`);
    expect(parsed.items[0]!.summary).toBe("bold & ]]> end");
    expect(parsed.items[0]!.author).toBe(`Evil <Feed> & "Co"`);
  });

  it("links an entry whose link is not http(s) to the feed's page", () => {
    const xml = render(doc([entry({ link: "javascript:alert(1)" })]));
    expect(xml).not.toContain("javascript:");
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="https://graph.example/home"/>`);
  });

  it("shortens a long summary and leaves out an empty one", () => {
    const long = render(doc([entry({ summary: "word ".repeat(400) })]));
    expect(/<summary type="text">([^<]*)<\/summary>/.exec(long)![1]!.length).toBeLessThanOrEqual(601);
    expect(render(doc([entry({ summary: "  " })]))).not.toContain("<summary");
  });

  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("makes tag: URIs with the specific part encoded", () => {
    expect(tagUri("Graph.Example", "2026", "article:a/b c")).toBe("tag:graph.example,2026:article%3Aa%2Fb%20c");
  });
});

describe("conditional GET", () => {
  const body = render(doc([entry()]));
  const etag = etagOf(body);
  const lastModified = T0 + 1234;

  it("makes a strong entity tag that changes with any change of the body", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(etagOf(body)).toBe(etag);
    expect(etagOf(render(doc([entry({ categories: ["Tidal Turbines", "Kelp"] })])))).not.toBe(etag);
  });

  it("answers not modified to a matching If-None-Match (a list, weak, or *) and never to another", () => {
    expect(isNotModified({ ifNoneMatch: etag }, etag, lastModified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"other", W/${etag}` }, etag, lastModified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: "*" }, etag, lastModified)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"other"` }, etag, lastModified)).toBe(false);
    // If-None-Match decides alone when sent.
    expect(
      isNotModified({ ifNoneMatch: `"other"`, ifModifiedSince: new Date(T0 + DAY).toUTCString() }, etag, lastModified),
    ).toBe(false);
  });

  it("answers not modified to an If-Modified-Since not before the last change, to the second", () => {
    expect(isNotModified({ ifModifiedSince: new Date(lastModified).toUTCString() }, etag, lastModified)).toBe(true);
    expect(isNotModified({ ifModifiedSince: new Date(lastModified - 1000).toUTCString() }, etag, lastModified)).toBe(
      false,
    );
    expect(isNotModified({ ifModifiedSince: "not a date" }, etag, lastModified)).toBe(false);
    expect(isNotModified({}, etag, lastModified)).toBe(false);
  });
});
