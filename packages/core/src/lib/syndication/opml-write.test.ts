import { describe, expect, it } from "vitest";
import { parseOpml } from "./opml.ts";
import { writeOpml, xmlAttribute } from "./opml-write.ts";

describe("writing OPML", () => {
  it("escapes markup and quotes, and drops characters XML forbids", () => {
    expect(xmlAttribute(`Tom & Jerry's <"best">\u0000\u0008 ok`)).toBe(
      "Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; ok",
    );
    expect(xmlAttribute("two\nlines")).toBe("two&#10;lines");
  });

  it("writes an OPML 2.0 document that reads back whole: feeds, categories as outlines, addresses with ampersands", () => {
    const feeds = [
      { title: "Plain", xmlUrl: "https://plain.example/feed", htmlUrl: "https://plain.example/" },
      {
        title: "Q & A <live>",
        xmlUrl: "https://qa.example/rss?a=1&b=2",
        htmlUrl: "https://qa.example/?x=1&y=2",
        category: "Talk & News",
      },
      { title: "", xmlUrl: "https://untitled.example/atom.xml", category: "Talk & News" },
      { title: "Rusty", xmlUrl: "https://rust.example/feed", category: "Rust" },
    ];
    const document = writeOpml({ title: "My <feeds>", dateCreated: new Date(Date.UTC(2026, 0, 2)) }, feeds);
    expect(document).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<opml version="2\.0">\n {2}<head>\n {4}<title>My &lt;feeds&gt;<\/title>/,
    );
    expect(document).toContain("<dateCreated>Fri, 02 Jan 2026 00:00:00 GMT</dateCreated>");
    expect(document).toContain(
      '<outline type="rss" text="Plain" title="Plain" xmlUrl="https://plain.example/feed" htmlUrl="https://plain.example/"/>',
    );
    expect(parseOpml(document)).toEqual([
      { title: "Plain", xmlUrl: "https://plain.example/feed", htmlUrl: "https://plain.example/" },
      {
        title: "Q & A <live>",
        xmlUrl: "https://qa.example/rss?a=1&b=2",
        htmlUrl: "https://qa.example/?x=1&y=2",
        category: "Talk & News",
      },
      // A feed without a title is named by its address.
      {
        title: "https://untitled.example/atom.xml",
        xmlUrl: "https://untitled.example/atom.xml",
        category: "Talk & News",
      },
      { title: "Rusty", xmlUrl: "https://rust.example/feed", category: "Rust" },
    ]);
  });

  it("writes an empty body for no feeds", () => {
    expect(parseOpml(writeOpml({ title: "none", dateCreated: new Date(0) }, []))).toEqual([]);
  });
});
