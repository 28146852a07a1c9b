import { describe, expect, it } from "vitest";
import { keepNewestItems, newestOf } from "./newest.ts";
import { parseFeed } from "./parse.ts";

const HOUR = 3_600_000;
const BASE = Date.parse("2024-04-12T12:00:00Z");

/** An RSS feed of `count` items whose order in the document is scrambled against their dates. */
function bigRss(count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const age = (i * 7919) % count; // a permutation of 0..count-1: document order ≠ date order
    return `<item><title>Story aged ${age} hours</title><link>https://big.example/${age}</link><guid>g${age}</guid><pubDate>${new Date(BASE - age * HOUR).toUTCString()}</pubDate></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://big.example</link>${items.join("")}</channel></rss>`;
}

function bigAtom(count: number): string {
  const entries = Array.from(
    { length: count },
    (_, i) =>
      `<entry><title>Entry ${i}</title><id>urn:e:${i}</id><link href="https://atom.example/${i}"/><updated>${new Date(BASE - i * HOUR).toISOString()}</updated></entry>`,
  );
  return `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title><link href="https://atom.example/"/>${entries.join("")}</feed>`;
}

describe("a feed far larger than one fetch takes", () => {
  it("answers only the newest 200 of 10,000 items, newest by date not by place in the document", async () => {
    const feed = await parseFeed(bigRss(10_000), "https://big.example/feed", { maxItems: 200 });
    expect(feed.items).toHaveLength(200);
    const ages = feed.items.map((item) => Number(/aged (\d+)/.exec(item.title)![1])).sort((a, b) => a - b);
    expect(ages).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(feed.title).toBe("Big");
    expect(feed.siteUrl).toBe("https://big.example/");
  });

  it("hands the XML parser only those items, the rest of the document as written", () => {
    const text = bigRss(10_000);
    const kept = keepNewestItems(text, 200);
    expect(kept.match(/<item>/g)).toHaveLength(200);
    expect(kept.length).toBeLessThan(text.length / 40);
    expect(kept.startsWith('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>')).toBe(true);
    expect(kept.endsWith("</channel></rss>")).toBe(true);
  });

  it("caps Atom entries the same way", async () => {
    const feed = await parseFeed(bigAtom(1_000), "https://atom.example/feed", { maxItems: 50 });
    expect(feed.items.map((i) => i.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Entry ${i}`));
  });

  it("leaves a feed within the cap untouched, and keeps undated items after dated ones", async () => {
    const small = bigRss(20);
    expect(keepNewestItems(small, 200)).toBe(small);
    expect((await parseFeed(small, "https://big.example/feed", { maxItems: 200 })).items).toHaveLength(20);
    expect(
      newestOf([{ id: 1 }, { id: 2, publishedAt: 5 }, { id: 3 }, { id: 4, publishedAt: 9 }], 3).map((i) => i.id),
    ).toEqual([1, 2, 4]);
  });
});
