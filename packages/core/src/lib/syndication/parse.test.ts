import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures/server.ts";
import { decodeBody } from "../../adapters/http/fetch.ts";
import { FeedParseError, parseFeed } from "./parse.ts";
import { propertyRuns } from "../../../../../tests/support/property-runs.ts";

const text = (name: string) => decodeBody(fixture(name));

describe("parseFeed: formats", () => {
  it("reads RSS 2.0: plain text, canonical absolute links, dates, authors", async () => {
    const feed = await parseFeed(text("rss2.xml"), "https://fieldnotes.example/feed.xml");
    expect(feed.title).toBe("Field Notes & Circuits");
    expect(feed.siteUrl).toBe("https://fieldnotes.example/");
    expect(feed.type).toBe("rss");
    expect(feed.items).toHaveLength(3);
    const [first, second, third] = feed.items;
    expect(first).toEqual({
      guid: "fieldnotes-2024-0412",
      title: "Why small batteries are getting better faster than big ones",
      link: "https://fieldnotes.example/posts/small-batteries",
      summary:
        "Phone cells improved 40% in energy density while grid packs stalled. Here’s why — and what it means for electric bikes.",
      excerpt:
        "Phone cells improved 40% in energy density while grid packs stalled. Here’s why — and what it means for electric bikes.",
      publishedAt: Date.parse("2024-04-12T09:30:00Z"),
      author: "Mara Quint",
    });
    // relative link resolved against the site; a title without markup keeps its angle brackets
    expect(second?.link).toBe("https://fieldnotes.example/posts/vec-vs-arrays");
    expect(second?.title).toBe("Vec<T> versus arrays: a gentle tour");
    // a teaser shorter than the full content loses to it
    expect(second?.summary).toMatch(/^Growable vectors trade/);
    expect(second?.publishedAt).toBe(Date.parse("2024-04-11T15:05:00Z"));
    // a permalink GUID is the address of an item without <link>
    expect(third?.link).toBe("https://fieldnotes.example/posts/permalink-only");
  });

  it("drops scripts and styles from HTML summaries", async () => {
    const feed = await parseFeed(text("rss2.xml"), "https://fieldnotes.example/feed.xml");
    expect(feed.items[0]?.summary).not.toMatch(/alert|color:red|<p>|&mdash;/);
  });

  it("reads Atom: html titles, alternate links, summary over content", async () => {
    const feed = await parseFeed(text("atom.xml"), "https://orbital.example/atom.xml");
    expect(feed.type).toBe("atom");
    expect(feed.title).toBe("Orbital Mechanics Weekly");
    expect(feed.siteUrl).toBe("https://orbital.example/");
    const [lander, porkchop] = feed.items;
    expect(lander).toMatchObject({
      guid: "tag:orbital.example,2024:lander",
      title: "A lunar lander almost sticks the landing",
      link: "https://orbital.example/2024/04/lander",
      summary: "The probe tipped onto its side after touchdown, yet its instruments still work.",
      publishedAt: Date.parse("2024-04-12T07:15:00Z"),
      author: "Ines Okafor",
    });
    expect(porkchop?.summary).toBe("Launch windows drawn as contour maps of departure and arrival dates.");
    expect(porkchop?.publishedAt).toBe(Date.parse("2024-04-10T12:00:00Z"));
  });

  it("reads RSS 1.0 (RDF)", async () => {
    const feed = await parseFeed(text("rdf.xml"), "https://almanac.example/index.rdf");
    expect(feed.title).toBe("The Garden Almanac");
    expect(feed.items).toEqual([
      {
        guid: "https://almanac.example/notes/frost-dates",
        title: "Last frost dates are moving earlier",
        link: "https://almanac.example/notes/frost-dates",
        summary: "Thirty years of records show the last spring frost arriving nine days sooner.",
        excerpt: "Thirty years of records show the last spring frost arriving nine days sooner.",
        publishedAt: Date.parse("2024-04-09T07:00:00Z"),
        author: "Ola Brandt",
      },
    ]);
  });

  it("reads a YouTube channel feed with its media:group description", async () => {
    const feed = await parseFeed(text("youtube.xml"), "https://www.youtube.com/feeds/videos.xml?channel_id=x");
    expect(feed.type).toBe("youtube");
    expect(feed.title).toBe("Workbench Tinkering");
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      guid: "yt:video:Qw3rTy7uI9o",
      title: "Restoring a 1970s bench power supply",
      link: "https://www.youtube.com/watch?v=Qw3rTy7uI9o",
      summary:
        "Recapping, a new rectifier and a surprising fault in the current limiter. Parts list in the pinned comment.",
      excerpt:
        "Recapping, a new rectifier and a surprising fault in the current limiter. Parts list in the pinned comment.",
      picture: "https://i.ytimg.com/vi/Qw3rTy7uI9o/hqdefault.jpg",
      publishedAt: Date.parse("2024-04-11T15:00:06Z"),
      author: "Workbench Tinkering",
    });
  });

  it("reads a Bluesky profile feed, titling untitled posts with their first line", async () => {
    const feed = await parseFeed(text("bluesky.xml"), "https://bsky.app/profile/kelpwatch.example.social/rss");
    expect(feed.type).toBe("bluesky");
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      guid: "at://did:plc:k3lpw4tch/app.bsky.feed.post/3kqzt2abcd21x",
      title:
        "Sea otters are back in the northern bay for the first time in a decade & the urchin barrens are already shrinking.",
      link: "https://bsky.app/profile/kelpwatch.example.social/post/3kqzt2abcd21x",
      summary:
        "Sea otters are back in the northern bay for the first time in a decade & the urchin barrens are already shrinking. Thread below.",
      excerpt:
        "Sea otters are back in the northern bay for the first time in a decade & the urchin barrens are already shrinking. Thread below.",
      publishedAt: Date.parse("2024-04-12T10:15:00Z"),
    });
  });

  it("reads a windows-1252 feed once decoded by its declaration", async () => {
    const feed = await parseFeed(text("windows-1252.xml"), "https://cafe.example/feed");
    expect(feed.title).toBe("Café Société");
    expect(feed.items[0]?.title).toBe("Crème brûlée, “the” classic – revisited");
    expect(feed.items[0]?.summary).toBe("Le café à Paris coûte 2 €.");
  });

  it("recovers from bare ampersands and HTML entities that strict XML refuses", async () => {
    const feed = await parseFeed(text("sloppy-entities.xml"), "https://sloppy.example/feed");
    expect(feed.title).toBe("Telecom & Things");
    expect(feed.items[0]).toMatchObject({
      title: "AT&T and the spectrum auction",
      link: "https://sloppy.example/spectrum?id=7&page=2",
      summary: "Bids closed at noon — results next week.",
    });
  });
});

describe("parseFeed: hostile input", () => {
  it("keeps the good items of a feed with broken ones", async () => {
    const feed = await parseFeed(text("partly-broken.xml"), "https://mixed.example/feed");
    expect(feed.items.map((item) => item.guid)).toEqual(["mixed-1", "mixed-5", "mixed-7"]);
    // an unreadable date is left out, the item kept
    expect(feed.items[1]).toMatchObject({ title: "Date nobody can read", link: "https://mixed.example/odd-date" });
    expect(feed.items[1]?.publishedAt).toBeUndefined();
    // the first of two items sharing a GUID wins
    expect(feed.items[2]?.link).toBe("https://mixed.example/second");
  });

  it("keeps Atom entries whose date or link rss-parser cannot read", async () => {
    const feed = await parseFeed(text("partly-broken-atom.xml"), "https://mixed-atom.example/atom.xml");
    expect(feed.items.map((item) => [item.guid, item.link, item.publishedAt])).toEqual([
      ["mixed-atom-1", "https://mixed-atom.example/unreadable-date", undefined],
      ["mixed-atom-2", "https://mixed-atom.example/bare-link", Date.parse("2024-04-12T10:00:00Z")],
      ["mixed-atom-3", "https://mixed-atom.example/fine", Date.parse("2024-04-11T10:00:00Z")],
    ]);
  });

  it.each([
    ["malformed.xml", /^not a feed: malformed XML \(Unexpected close tag at line 8/],
    ["html-page.html", /^not a feed: got an HTML page$/],
    ["empty.xml", /^not a feed: the response was empty$/],
  ])("refuses %s with a clear FeedParseError", async (name, message) => {
    const error = await parseFeed(text(name), "https://example.com/feed").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedParseError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ["", /empty/],
    ['{"version":"https://jsonfeed.org/version/1.1","items":[]}', /got JSON/],
    ["Service temporarily unavailable", /not XML/],
    ['<?xml version="1.0"?><!DOCTYPE html><html><body>hi</body></html>', /HTML page/],
    ["<html><head><title>x</title></head></html>", /HTML page/],
    ['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>', /not RSS or Atom \(root element <svg>\)/],
    ['<rss version="2.0"><channel><title>x</title><item><title>a</title></item>', /malformed XML/],
  ])("refuses %j", async (body, message) => {
    await expect(parseFeed(body, "https://example.com/feed")).rejects.toThrow(message);
  });

  it("caps titles at 300 and summaries at 1000 characters on a word boundary", async () => {
    const word = "photosynthesis ";
    const longTitle = word.repeat(40);
    const longSummary = word.repeat(150);
    const xml = `<rss version="2.0"><channel><title>t</title><item><title>${longTitle}</title><link>https://long.example/a</link><description>${longSummary}</description></item></channel></rss>`;
    const [item] = (await parseFeed(xml, "https://long.example/feed")).items;
    expect(item?.title.length).toBeLessThanOrEqual(300);
    expect(item?.summary.length).toBeLessThanOrEqual(1000);
    expect(item?.title).toMatch(/photosynthesis…$/);
    expect(item?.summary).toMatch(/photosynthesis…$/);
  });

  it("does not expand entity declarations (no XXE, no billion laughs)", async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd"><!ENTITY lol "lol">]><rss version="2.0"><channel><title>t</title><item><title>Hello &lol;</title><link>https://x.example/a</link><description>&secret;</description></item></channel></rss>`;
    const [item] = (await parseFeed(xml, "https://x.example/feed")).items;
    expect(item).toMatchObject({ title: "Hello &lol;", summary: "&secret;" });
  });
});

describe("parseFeed: any damage to a feed", () => {
  const feeds = [
    "rss2.xml",
    "atom.xml",
    "rdf.xml",
    "youtube.xml",
    "bluesky.xml",
    "sloppy-entities.xml",
    "partly-broken.xml",
    "partly-broken-atom.xml",
  ].map(text);
  const piece = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      "<",
      "&",
      "&nbsp;",
      "&#0;",
      "&#x110000;",
      "<![CDATA[",
      "]]>",
      "<item>",
      "</item>",
      "<entry>",
      "<link>",
      "<link href='javascript:alert(1)'/>",
      "</channel>",
      "<!--",
      "<!DOCTYPE x [<!ENTITY a 'b'>]>",
      "&a;",
      "\u0000",
      "<script>",
      "<__proto__>",
      "\n",
    ),
  );
  const damaged = fc
    .tuple(
      fc.constantFrom(...feeds),
      fc.array(fc.record({ at: fc.nat(), cut: fc.nat({ max: 40 }), insert: piece }), { minLength: 1, maxLength: 6 }),
    )
    .map(([feed, edits]) =>
      edits.reduce((body, edit) => {
        const at = edit.at % (body.length + 1);
        return body.slice(0, at) + edit.insert + body.slice(at + edit.cut);
      }, feed),
    );

  it("either reads items that keep every rule, or is refused with a FeedParseError", async () => {
    await fc.assert(
      fc.asyncProperty(damaged, async (body) => {
        let feed;
        try {
          feed = await parseFeed(body, "https://damaged.example/feed.xml", { maxItems: 200 });
        } catch (error) {
          expect(error).toBeInstanceOf(FeedParseError);
          return;
        }
        const guids = new Set<string>();
        for (const item of feed.items) {
          expect(item.link).toMatch(/^https?:\/\//);
          expect(item.title.trim()).not.toBe("");
          expect(item.title.length).toBeLessThanOrEqual(300);
          expect(item.summary.length).toBeLessThanOrEqual(1000);
          expect(guids.has(item.guid)).toBe(false);
          guids.add(item.guid);
        }
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe("parseFeed: languages", () => {
  const rssOf = (channelExtra: string, items: string[]) =>
    `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://l.example/</link>${channelExtra}${items
      .map((extra, i) => `<item><title>Item ${i}</title><link>https://l.example/${i}</link>${extra}</item>`)
      .join("")}</channel></rss>`;

  it("reads RSS <language> or <dc:language> as a primary subtag, an item's own over the channel's", async () => {
    const feed = await parseFeed(
      rssOf("<language>en-US</language>", ["", "<dc:language>fr-CA</dc:language>"]),
      "https://l.example/feed",
    );
    expect(feed.language).toBe("en");
    expect(feed.items.map((i) => i.language)).toEqual(["en", "fr"]);
    const dc = await parseFeed(rssOf("<dc:language>IW</dc:language>", [""]), "https://l.example/feed");
    expect(dc.items[0]!.language).toBe("he");
  });

  it("reads Atom xml:lang on the feed and on an entry", async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja-JP"><title>T</title><link href="https://a.example/"/>
      <entry><title>一</title><id>1</id><link href="https://a.example/1"/></entry>
      <entry xml:lang="en"><title>Two</title><id>2</id><link href="https://a.example/2"/></entry></feed>`;
    const feed = await parseFeed(atom, "https://a.example/feed");
    expect(feed.language).toBe("ja");
    expect(feed.items.map((i) => i.language)).toEqual(["ja", "en"]);
  });

  it("leaves the language out when none is declared or the value is no language tag", async () => {
    const none = await parseFeed(rssOf("", [""]), "https://l.example/feed");
    expect(none.language).toBeUndefined();
    expect(none.items[0]).not.toHaveProperty("language");
    const words = await parseFeed(rssOf("<language>English</language>", [""]), "https://l.example/feed");
    expect(words.items[0]).not.toHaveProperty("language");
  });

  it("keeps the channel's language when only the newest items are read", async () => {
    const feed = await parseFeed(rssOf("<language>ar</language>", ["", "", ""]), "https://l.example/feed", {
      maxItems: 2,
    });
    expect(feed.items).toHaveLength(2);
    expect(feed.items.map((i) => i.language)).toEqual(["ar", "ar"]);
  });
});
