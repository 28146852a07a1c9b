import { describe, expect, it } from "vitest";
import { parseFeed } from "./parse.ts";
import { firstImage, pagePicture } from "./picture.ts";

const rss = (item: string, namespaces = "") =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/" ${namespaces}><channel><title>T</title><link>https://site.example/</link>
  <item><title>An item</title><link>https://site.example/a</link><guid>a</guid>${item}</item></channel></rss>`;
const pictureIn = async (item: string) =>
  (await parseFeed(rss(item), "https://site.example/feed"))[`items`][0]?.picture;

describe("finding an item's picture in its feed", () => {
  it("reads media:thumbnail, media:content, an image enclosure, itunes:image and the content's first image", async () => {
    expect(await pictureIn(`<media:thumbnail url="https://cdn.example/t.jpg"/>`)).toBe("https://cdn.example/t.jpg");
    expect(await pictureIn(`<media:content url="/m.png" medium="image"/>`)).toBe("https://site.example/m.png");
    expect(
      await pictureIn(`<media:group><media:content url="https://cdn.example/g.webp" type="image/webp"/></media:group>`),
    ).toBe("https://cdn.example/g.webp");
    expect(await pictureIn(`<enclosure url="https://cdn.example/e.jpg" type="image/jpeg" length="1"/>`)).toBe(
      "https://cdn.example/e.jpg",
    );
    expect(await pictureIn(`<itunes:image href="https://cdn.example/i.png"/>`)).toBe("https://cdn.example/i.png");
    expect(
      await pictureIn(
        `<content:encoded><![CDATA[<p><img src="https://t.example/px.gif" width="1" height="1"><img src="figure.jpg" alt=""></p>]]></content:encoded>`,
      ),
    ).toBe("https://site.example/figure.jpg");
  });

  it("prefers the feed's thumbnail over the content's image, and skips what is not an image", async () => {
    expect(
      await pictureIn(
        `<description>&lt;img src="https://cdn.example/inline.jpg"&gt;</description><media:thumbnail url="https://cdn.example/thumb.jpg"/>`,
      ),
    ).toBe("https://cdn.example/thumb.jpg");
    expect(
      await pictureIn(`<enclosure url="https://cdn.example/e.mp3" type="audio/mpeg" length="1"/>`),
    ).toBeUndefined();
    expect(await pictureIn(`<media:thumbnail url="javascript:alert(1)"/>`)).toBeUndefined();
    expect(await pictureIn(`<description>No picture here</description>`)).toBeUndefined();
  });

  it("uses a YouTube video's thumbnail", async () => {
    const feed = await parseFeed(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:yt="http://www.youtube.com/xml/schemas/2015"><title>C</title><link rel="alternate" href="https://www.youtube.com/channel/UC1"/>
      <entry><id>yt:video:dQw4w9WgXcQ</id><yt:videoId>dQw4w9WgXcQ</yt:videoId><title>V</title><link rel="alternate" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"/></entry></feed>`,
      "https://www.youtube.com/feeds/videos.xml?channel_id=UC1",
    );
    expect(feed.items[0]?.picture).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  });
});

describe("finding a page's picture", () => {
  it("reads og:image from the head, made absolute", () => {
    const html = `<html><head><meta property="og:title" content="x"><meta property="og:image" content="/og.jpg"></head><body><meta property="og:image" content="/late.jpg"></body></html>`;
    expect(pagePicture(html, "https://site.example/a/b")).toBe("https://site.example/og.jpg");
    expect(pagePicture(`<meta name="twitter:image" content="https://cdn.example/tw.png">`, "https://s.example/")).toBe(
      "https://cdn.example/tw.png",
    );
    expect(
      pagePicture(`<html><head></head><body><img src="/x.jpg"></body></html>`, "https://s.example/"),
    ).toBeUndefined();
  });

  it("skips tracking pixels in content", () => {
    expect(firstImage(`<img src="/p.gif" height="1"><img src="/real.png">`, "https://s.example/")).toBe(
      "https://s.example/real.png",
    );
  });
});
