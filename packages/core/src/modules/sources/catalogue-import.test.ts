import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_OPML_BYTES, MAX_OPML_OUTLINES, OpmlError, parseOpml } from "../../lib/syndication/opml.ts";
import { catalogueFeed, type CatalogueFeed, type CatalogueFile } from "./catalogue-file.ts";
import { importOpml } from "./catalogue-import.ts";

const broken = readFileSync(new URL("fixtures/broken.opml", import.meta.url), "utf8");
const known = catalogueFeed({
  name: "Known",
  feedUrl: "https://known.example/feed",
  subject: "Science",
}) as CatalogueFeed;
const catalogue: CatalogueFile = { origin: "test", feeds: [known] };

describe("importing an OPML file that is not well-formed", () => {
  const report = importOpml(catalogue, broken);

  it("adds its feeds with names from text, else title, else the host, and subjects from their category", () => {
    expect(report.added.map((f) => [f.name, f.feedUrl, f.subject])).toEqual([
      ["Bon Appétit", "https://bon.example/feed?a=1&b=2", "Food & Drink"],
      ["Only A Title", "https://title.example/rss", "Food & Drink"],
      ["nameless.example", "https://nameless.example/atom.xml", "Food & Drink"],
      ["Rockets", "http://rockets.example/feed", "Space"],
    ]);
    const bon = report.added[0]!;
    expect(bon).toMatchObject({ siteUrl: "https://bon.example/", language: "en", type: "rss" });
    expect(bon.sourceId).toMatch(/^src_[\w-]{16}$/);
    expect(report.added[2]).toMatchObject({ type: "atom", siteUrl: "https://nameless.example" });
  });

  it("says which feeds were there already, by canonical address, in the catalogue or earlier in the file", () => {
    expect(report.already.map((f) => [f.feedUrl, f.sourceId])).toEqual([
      [known.feedUrl, known.sourceId],
      ["http://rockets.example/feed", report.added[3]!.sourceId],
    ]);
  });

  it("refuses addresses that are not http(s) and feeds with no subject, saying why", () => {
    expect(report.refused.map((f) => [f.name, f.reason])).toEqual([
      ["A file", "not http(s): file:"],
      ["A feed scheme", "not http(s): feed:"],
      ["Not an address", "not an absolute address: just some words"],
      ["Loose", expect.stringMatching(/^no subject/)],
    ]);
  });

  it("returns the catalogue with the feeds added once and leaves the one given as it was", () => {
    expect(report.file.feeds).toHaveLength(5);
    expect(new Set(report.file.feeds.map((f) => f.feedUrl)).size).toBe(5);
    expect(catalogue.feeds).toEqual([known]);
  });

  it("gives every feed the subject and country asked for", () => {
    const national = importOpml(catalogue, broken, { subject: "News", country: "France" });
    expect(national.added.map((f) => f.subject)).toEqual(["News", "News", "News", "News", "News"]);
    expect(national.added.every((f) => f.country === "France")).toBe(true);
    // The country's language where nothing else tells.
    expect(national.added.find((f) => f.name === "Only A Title")?.language).toBe("fr");
  });
});

describe("reading OPML as hostile input", () => {
  it("refuses a document over the size cap without reading it", () => {
    const huge = `<opml><body>${"<outline/>".repeat(MAX_OPML_BYTES / 10 + 1)}</body></opml>`;
    expect(() => parseOpml(huge)).toThrow(OpmlError);
  });

  it("refuses a document with too many outlines", () => {
    const many = `<opml><body>${'<outline xmlUrl="https://a.example/"/>'.repeat(MAX_OPML_OUTLINES + 1)}</body></opml>`;
    expect(() => parseOpml(many)).toThrow(/more than 20000 outlines/);
  });

  it("refuses what is not OPML", () => {
    expect(() => parseOpml("just text, no markup")).toThrow(/not an OPML document/);
    expect(() => importOpml(catalogue, "<html><body>hi</body></html>")).toThrow(OpmlError);
  });

  it("reads attribute names in any case and deep nesting without recursion", () => {
    const deep = `<opml><body>${'<outline text="C">'.repeat(5000)}<outline XMLURL="https://deep.example/rss" TEXT="Deep"/></body></opml>`;
    expect(parseOpml(deep)).toEqual([{ title: "Deep", xmlUrl: "https://deep.example/rss", category: "C" }]);
  });
});
