import { describe, expect, it } from "vitest";
import type { FeedArticle, FeedResponse } from "../feed/index.ts";
import { cardIn, dateText, leadPictureSrc, publisherName, withLeadPictureEager, withSeen } from "./reader.ts";

const card = (id: string, seen = false) => ({ id, title: id, seen }) as FeedArticle;
const feed = {
  groups: { picks: [card("a"), card("b", true)] },
  groupOrder: ["picks"],
  earlier: [{ refreshedAt: "2026-11-27T00:00:00Z", articles: [card("c")] }],
} as unknown as FeedResponse;

describe("the reader view's rules", () => {
  it("finds a card in the current session or an earlier one", () => {
    expect(cardIn(feed, "a")?.id).toBe("a");
    expect(cardIn(feed, "c")?.id).toBe("c");
    expect(cardIn(feed, "zz")).toBeUndefined();
    expect(cardIn(undefined, "a")).toBeUndefined();
  });

  it("marks an opened article seen, and leaves a feed without it (or with it seen) as it was", () => {
    expect(cardIn(withSeen(feed, "a"), "a")?.seen).toBe(true);
    expect(cardIn(withSeen(feed, "c"), "c")?.seen).toBe(true);
    expect(withSeen(feed, "b")).toBe(feed);
    expect(withSeen(feed, "zz")).toBe(feed);
  });

  it("writes a date out in the reader's time zone, and nothing for one it cannot read", () => {
    // Local noon, written as the server writes dates (UTC).
    expect(dateText(new Date(2026, 10, 27, 12).toISOString())).toBe("27 November 2026");
    expect(dateText(new Date(2026, 0, 5, 12).toISOString())).toBe("5 January 2026");
    expect(dateText("not a date")).toBe("");
  });

  it("names the publisher by its host", () => {
    expect(publisherName("https://www.harbour.example/a/b")).toBe("harbour.example");
    expect(publisherName("not a link")).toBe("the publisher's site");
  });

  it("fetches an article's opening picture at once and first, and only that one", () => {
    const picture = (n: number) =>
      `<img src="/media/pictures/p${n}/640.webp?a=1&amp;b=2" alt="" width="640" height="427" loading="lazy" decoding="async">`;
    const html = `<p>The council met.</p>${picture(1)}<p>More.</p>${picture(2)}`;
    const eager = withLeadPictureEager(html);
    expect(eager).toContain(
      '<img src="/media/pictures/p1/640.webp?a=1&amp;b=2" alt="" width="640" height="427" loading="eager" fetchpriority="high" decoding="async">',
    );
    expect(eager).toContain(picture(2));
    expect(leadPictureSrc(html)).toBe("/media/pictures/p1/640.webp?a=1&b=2");
  });

  it("leaves a picture far down the article lazy", () => {
    const html = `<p>${"words ".repeat(500)}</p><img src="/media/pictures/p/640.webp" alt="" loading="lazy">`;
    expect(withLeadPictureEager(html)).toBe(html);
    expect(leadPictureSrc(html)).toBeUndefined();
    expect(leadPictureSrc("<p>no pictures</p>")).toBeUndefined();
  });
});
