/// <reference lib="dom" />
/**
 * Browser step of "cards that show the article": a feed whose items carry each kind of picture
 * the feed can name (and one the page names), and hostile ones. Each card's picture comes from
 * graph's own origin at the width its screen needs; the excerpt is plain text; the reading time shows.
 */
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import type { startFeedServer } from "../../support/feeds.ts";
import { hugePng } from "../../../packages/core/src/modules/pictures/hostile-pictures.ts";
import { pageApi, screenshot, signedInPage, waitUntilIdle, type Server } from "../support.ts";

type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

const TOPIC = "Coral Reefs";
const KINDS = ["thumbnail", "media-content", "enclosure", "itunes", "content-image", "og-image"] as const;
const HOSTILE = ["svg", "bomb", "private"] as const;

const colour = (i: number) => ({ r: (i * 53) % 255, g: 120, b: (i * 97) % 255 });
const picture = (i: number) =>
  sharp({ create: { width: 1000 + i * 10, height: 600, channels: 3, background: colour(i) } })
    .jpeg()
    .toBuffer();
const words = (n: number) => Array.from({ length: n }, (_, i) => `reef${i}`).join(" ");

function feedOf(base: string, tag: string): string {
  const pic = (slug: string) => `${base}/pics/${tag}/${slug}.jpg`;
  const own: Record<(typeof KINDS)[number] | (typeof HOSTILE)[number], string> = {
    thumbnail: `<media:thumbnail url="${pic("thumbnail")}"/>`,
    "media-content": `<media:content url="${pic("media-content")}" medium="image"/>`,
    enclosure: `<enclosure url="${pic("enclosure")}" type="image/jpeg" length="1"/>`,
    itunes: `<itunes:image href="${pic("itunes")}"/>`,
    "content-image": `<content:encoded><![CDATA[<p><img src="${pic("content-image")}" alt=""> ${words(700)}</p>]]></content:encoded>`,
    "og-image": "",
    svg: `<enclosure url="${base}/pics/${tag}/evil.svg" type="image/svg+xml" length="1"/>`,
    bomb: `<media:content url="${base}/pics/${tag}/bomb.png" medium="image"/>`,
    private: `<media:thumbnail url="http://169.254.169.254/latest/meta-data/"/>`,
  };
  const items = [...KINDS, ...HOSTILE].map(
    (slug, i) =>
      `<item><title>${TOPIC} ${slug} ${tag}</title><link>${base}/pages/${tag}/${slug}</link><guid>${tag}-${slug}</guid>
      <description>&lt;p&gt;Reef &lt;b&gt;${slug}&lt;/b&gt; notes &amp;amp; counts.&lt;/p&gt; The post ${slug} appeared first on Reef Notes.</description>
      ${own[slug]}<pubDate>${new Date(Date.now() - (i + 1) * 600_000).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Reef Notes ${tag}</title><link>${base}/</link>${items.join("")}</channel></rss>`;
}

/**
 * A person of their own suggests the feed (their suggestion reaches them at once) and follows its
 * topic; once ingestion and its picture step have caught up, /home shows each kind's picture from
 * graph's origin at its size (the smaller width that covers its pixels), lazy but the first, the
 * excerpt without markup or boilerplate, and the reading time; the hostile ones show no picture.
 * Needs a server started with `allowPrivateFeeds` (the feed and pictures are on this machine).
 */
export async function cardsShowPictures(browser: Browser, server: Server, feeds: FeedServer): Promise<void> {
  const tag = Math.random().toString(36).slice(2, 8);
  for (const [i, slug] of KINDS.entries()) {
    feeds.set(`/pics/${tag}/${slug}.jpg`, { body: await picture(i), contentType: "image/jpeg" });
  }
  feeds.set(`/pics/${tag}/evil.svg`, {
    body: `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
    contentType: "image/svg+xml",
  });
  feeds.set(`/pics/${tag}/bomb.png`, { body: hugePng(40_000, 40_000), contentType: "image/png" });
  for (const slug of [...KINDS, ...HOSTILE]) {
    const head = slug === "og-image" ? `<meta property="og:image" content="/pics/${tag}/og-image.jpg">` : "";
    feeds.set(`/pages/${tag}/${slug}`, {
      body: `<!doctype html><html><head>${head}</head><body></body></html>`,
      contentType: "text/html",
    });
  }
  feeds.set(`/pics/${tag}/og-image.jpg`, { body: await picture(9), contentType: "image/jpeg" });
  feeds.set(`/reef-${tag}.xml`, { body: feedOf(feeds.url, tag) });

  const { page, context } = await signedInPage(browser, server);
  expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: [TOPIC] })).status).toBe(200);
  const sourceLink = `${feeds.url}/reef-${tag}.xml`;
  expect((await pageApi(page, "POST", "/api/rss/user_source_suggested_list", { sourceLink })).status).toBe(201);
  await waitUntilIdle(server);

  const card = (slug: string) => page.getByTestId("feed-article").filter({ hasText: `${TOPIC} ${slug} ${tag}` });
  const pictureOf = (slug: string) => card(slug).getByTestId("article-picture");
  await expect
    .poll(async () => {
      await page.goto(`${server.url}/home`);
      await card(KINDS[0])
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      return page.locator('[data-testid="article-picture"][src*="/media/pictures/"]').count();
    })
    .toBeGreaterThanOrEqual(KINDS.length);

  const origin = new URL(server.url).origin;
  const servedWidth = async (src: string) => {
    const served = await page.request.get(src);
    expect(served.headers()["content-type"]).toBe("image/webp");
    return (await sharp(await served.body()).metadata()).width;
  };
  const shown = async (slug: string) => {
    const img = pictureOf(slug);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    return img.evaluate((el) => {
      const image = el as HTMLImageElement;
      return {
        src: image.currentSrc,
        /** The device pixels the picture covers: the width the page needs. */
        needed: image.getBoundingClientRect().width * window.devicePixelRatio,
        width: image.getAttribute("width"),
        height: image.getAttribute("height"),
      };
    });
  };
  for (const slug of KINDS) {
    const seen = await shown(slug);
    expect(new URL(seen.src).origin, slug).toBe(origin);
    // The smallest of the two widths that covers the pixels the page shows it in.
    const wanted = seen.needed <= 320 ? 320 : 640;
    expect(seen.src, slug).toMatch(new RegExp(`/media/pictures/[0-9a-f]+/${wanted}\\.webp$`));
    // The bytes served are that width (naturalWidth reports CSS pixels once srcset picked by width).
    expect(await servedWidth(seen.src), slug).toBe(wanted);
    expect(Number(seen.width), slug).toBe(640);
    expect(Number(seen.height), slug).toBeGreaterThan(0);
    const excerpt = await card(slug).getByTestId("article-excerpt").innerText();
    expect(excerpt).toBe(`Reef ${slug} notes & counts.`);
  }
  // The first card's picture loads at once; the others wait until they are near.
  const loading = await page
    .getByTestId("article-picture")
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).loading));
  expect(loading[0]).toBe("eager");
  expect(loading.slice(1).every((l) => l === "lazy")).toBe(true);
  // Only the item that carried its text has a reading time: 700 words.
  expect(await card("content-image").getByTestId("article-reading-time").innerText()).toBe("3 min read");
  expect(await card("thumbnail").getByTestId("article-reading-time").count()).toBe(0);
  for (const slug of HOSTILE) {
    await expect.poll(() => card(slug).count()).toBe(1);
    expect(await pictureOf(slug).count(), slug).toBe(0);
  }
  // The browser asked no one but graph for a picture.
  const outside = await page.evaluate(
    (own) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === "img")
        .map((e) => e.name)
        .filter((name) => new URL(name).origin !== own),
    origin,
  );
  expect(outside).toEqual([]);
  await screenshot(page, "feed-cards-desktop");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "feed-cards-desktop-dark");

  // A desktop screen at 2× gets the larger width; a phone the smaller one.
  const retina = await browser.newContext({
    viewport: { width: 1200, height: 900 },
    deviceScaleFactor: 2,
    storageState: await context.storageState(),
  });
  const onRetina = await retina.newPage();
  await onRetina.goto(`${server.url}/home`);
  const large = onRetina
    .getByTestId("feed-article")
    .filter({ hasText: `${TOPIC} ${KINDS[0]} ${tag}` })
    .getByTestId("article-picture");
  await expect.poll(() => large.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/\/640\.webp$/);
  expect(await servedWidth(await large.evaluate((el) => (el as HTMLImageElement).currentSrc))).toBe(640);
  await retina.close();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    storageState: await context.storageState(),
  });
  const onPhone = await phone.newPage();
  await onPhone.goto(`${server.url}/home`);
  // A phone's first card leads with its picture across the card (the page's largest paint), so
  // it takes the larger width; every other card's thumbnail takes the smaller one.
  const lead = onPhone.locator(".article--lead").getByTestId("article-picture");
  await expect.poll(() => lead.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/\/640\.webp$/);
  expect(await lead.getAttribute("loading")).toBe("eager");
  const thumbnail = onPhone.locator(".article--pictured:not(.article--lead)").first().getByTestId("article-picture");
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/\/320\.webp$/);
  expect(await onPhone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(onPhone, "feed-cards-phone");
  await onPhone.emulateMedia({ colorScheme: "dark" });
  await screenshot(onPhone, "feed-cards-phone-dark");
  await phone.close();
  await context.close();
}
