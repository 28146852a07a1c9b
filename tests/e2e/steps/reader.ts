/// <reference lib="dom" />
/**
 * Browser steps of the reader view, composed by a browser test: an article opened from the feed
 * is read inside graph with everything active stripped, and a page that asks not to be archived
 * offers the publisher's link instead. Needs a server started with `allowPrivateFeeds` (the
 * feed and the article pages are served on this machine).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { hostileArticle } from "../../support/article-pages.ts";
import { rss, type startFeedServer } from "../../support/feeds.ts";
import { onPhoneInEachTheme, pageApi, screenshot, untilFeedShows, waitUntilIdle, type Server } from "../support.ts";

type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

export interface ReaderArticles {
  readable: { title: string; link: string };
  noarchive: { title: string; link: string };
}

/**
 * Gives the person a source they suggest (their suggestion reaches them at once) with two articles
 * under a topic they follow: one a real-shaped page full of scripts, frames and handlers, one
 * served with `X-Robots-Tag: noarchive`.
 */
export async function arrangeReaderArticles(page: Page, server: Server, feeds: FeedServer): Promise<ReaderArticles> {
  const tag = Math.random().toString(36).slice(2, 8);
  const readable = { title: `Harbour pier rebuilt in timber ${tag}`, link: `${feeds.url}/pages/${tag}/pier` };
  const noarchive = { title: `Harbour ferry timetable kept offline ${tag}`, link: `${feeds.url}/pages/${tag}/ferry` };
  feeds.set(`/pages/${tag}/pier`, { body: hostileArticle(readable.title), contentType: "text/html; charset=utf-8" });
  feeds.set(`/pages/${tag}/ferry`, {
    body: hostileArticle(noarchive.title),
    contentType: "text/html; charset=utf-8",
    headers: { "x-robots-tag": "noarchive" },
  });
  feeds.set(`/gazette-${tag}.xml`, {
    body: rss(`Harbour Gazette ${tag}`, [
      { title: readable.title, summary: "The council chose timber.", link: readable.link, ageHours: 1 },
      { title: noarchive.title, summary: "The ferry keeps its times.", link: noarchive.link, ageHours: 2 },
    ]),
  });
  expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Harbour"] })).status).toBe(200);
  const suggested = await pageApi(page, "POST", "/api/rss/user_source_suggested_list", {
    sourceLink: `${feeds.url}/gazette-${tag}.xml`,
  });
  expect(suggested.status).toBe(201);
  await waitUntilIdle(server);
  return { readable, noarchive };
}

/** The feed's card of `title`, once the feed shows it. */
const cardOf = (page: Page, server: Server, title: string) =>
  untilFeedShows(page, server, page.getByTestId("feed-article").filter({ hasText: title }));

/**
 * Opens the readable article from its feed card: the reader view shows its text with no script,
 * frame, form, SVG, handler, style or `javascript:` link left and nothing run, links opening the
 * publisher's page; the publisher's link, the reading time and the matched topic are there; and
 * back on the feed the card is marked seen. Screenshots on desktop and on a phone in both themes.
 */
export async function readsArticleStripped(
  browser: Browser,
  context: BrowserContext,
  page: Page,
  server: Server,
  articles: ReaderArticles,
) {
  const { readable } = articles;
  const card = await cardOf(page, server, readable.title);
  const articleId = await card.getAttribute("data-article-id");
  await card.getByTestId("article-read").click();
  await page.waitForURL(new RegExp(`/home/read/${articleId}$`));
  const body = page.getByTestId("reader-body");
  await body.waitFor();
  expect(await body.innerText()).toContain("The harbour council met on Tuesday evening");
  expect(await page.locator("h1").innerText()).toBe(readable.title);

  const found = await body.evaluate((root) => ({
    active: root.querySelectorAll("script, style, iframe, object, embed, form, input, button, svg, math, img").length,
    handlers: Array.from(root.querySelectorAll("*"))
      .flatMap((el) => Array.from(el.attributes).map((a) => a.name))
      .filter((n) => /^on|^style$/i.test(n)),
    links: Array.from(root.querySelectorAll("a")).map((a) => ({ href: a.href, target: a.target, rel: a.rel })),
    ran: (window as { hostile?: string }).hostile,
  }));
  expect(found).toMatchObject({ active: 0, handlers: [], ran: undefined });
  expect(found.links.length).toBeGreaterThan(0);
  for (const link of found.links) {
    expect(link.href).toMatch(/^https?:\/\//);
    expect(link).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
  }
  // Hovering what was an `onmouseover` paragraph runs nothing either.
  await body.getByText("A paragraph with handlers").hover();
  expect(await page.evaluate(() => (window as { hostile?: string }).hostile)).toBeUndefined();

  const publisher = page.getByTestId("reader-publisher-link");
  expect(await publisher.getAttribute("href")).toBe(readable.link);
  expect(await publisher.getAttribute("rel")).toBe("noopener noreferrer");
  expect(await page.getByTestId("reader-time").innerText()).toMatch(/^\d+ min read$/);
  expect(await page.getByTestId("article-keywords").innerText()).toContain("Harbour");
  await screenshot(page, "reader-desktop");
  await page.emulateMedia({ media: "print" });
  expect(await publisher.isVisible()).toBe(false);
  await screenshot(page, "reader-print");
  await page.emulateMedia({ media: "screen" });
  await onPhoneInEachTheme(browser, context, "reader", async (phone) => {
    await phone.goto(`${server.url}/home/read/${articleId}`);
    await phone.getByTestId("reader-body").waitFor();
  });

  // Opening it counted as seeing it.
  await page.getByRole("link", { name: "← back to the feed" }).click();
  await expect.poll(() => card.getAttribute("data-seen")).toBe("true");
}

/** Opens the article whose page asks not to be archived: the view says so and offers the publisher's link. */
export async function noarchiveOffersPublisher(page: Page, server: Server, articles: ReaderArticles) {
  const { noarchive } = articles;
  const card = await cardOf(page, server, noarchive.title);
  await card.getByTestId("article-read").click();
  const notice = page.getByTestId("reader-notice");
  await notice.waitFor();
  expect(await notice.innerText()).toContain("asks not to be copied");
  expect(await page.getByTestId("reader-notice-link").getAttribute("href")).toBe(noarchive.link);
  expect(await page.getByTestId("reader-body").count()).toBe(0);
  expect(await page.locator("h1").innerText()).toBe(noarchive.title);
  await screenshot(page, "reader-noarchive");
}

/**
 * Turns on "open articles on the publisher's site" on the settings page's feed tab: the feed's
 * titles then open the publisher's page in a new tab; turned off, the reader view again.
 */
export async function titlesOpenPublisherBySetting(page: Page, server: Server, articles: ReaderArticles) {
  const { readable } = articles;
  const setting = async (on: boolean) => {
    await page.goto(`${server.url}/home/tune?tab=feed`);
    const box = page.getByTestId("open-on-publisher");
    await expect.poll(() => box.isEnabled()).toBe(true);
    if ((await box.isChecked()) !== on) await box.click();
    await expect.poll(() => box.isChecked()).toBe(on);
    await expect.poll(() => box.isEnabled()).toBe(true);
  };
  await setting(true);
  await screenshot(page, "reader-setting");
  let card = await cardOf(page, server, readable.title);
  const title = card.locator(".article__title a");
  expect(await title.getAttribute("href")).toBe(readable.link);
  expect(await title.getAttribute("target")).toBe("_blank");
  expect(await title.getAttribute("rel")).toBe("noopener noreferrer");
  await setting(false);
  card = await cardOf(page, server, readable.title);
  expect(await card.getByTestId("article-read").getAttribute("href")).toMatch(/^\/home\/read\//);
}
