/// <reference lib="dom" />
/**
 * Browser steps of "one card per story" and "an Atom feed of your picks", composed by a browser
 * test that signs up once. Each takes a signed-in page and the server, does the scenario and
 * asserts it.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { parseFeed } from "@graph/core/lib/syndication";
import { rss, type startFeedServer } from "../../support/feeds.ts";
import { pageApi, untilFeedShows, waitUntilIdle, type Server } from "../support.ts";

type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** The phone width the cards must fit. */
const PHONE_WIDTH = 390;

/**
 * Gives the person one story told by three sources they suggest (their suggestions reach them
 * at once), under a topic they follow: the first source's copy (on its own site) is the original,
 * the two others its copies. Needs a server started with `allowPrivateFeeds` (the feeds are
 * served on this machine). Answers the story's title and the sources' names, original first.
 */
export async function arrangeStoryFromThreeSources(
  page: Page,
  server: Server,
  feeds: FeedServer,
): Promise<{ title: string; sources: string[] }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `Lunar greenhouse grows its first tomatoes ${tag}`;
  const sources = ["Moon Post", "Orbit News", "Sky Daily"].map((name) => `${name} ${tag}`);
  const topic = await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Lunar Greenhouse"] });
  expect(topic.status).toBe(200);
  for (const [i, name] of sources.entries()) {
    const slug = name.toLowerCase().replace(/\W+/g, "-");
    feeds.set(`/${slug}.xml`, {
      body: rss(name, [
        { title, summary: "Tomatoes under regolith.", link: `https://${slug}.example/tomatoes`, ageHours: 1 },
      ]),
    });
    const suggested = await pageApi(page, "POST", "/api/rss/user_source_suggested_list", {
      sourceLink: `${feeds.url}/${slug}.xml`,
    });
    expect(suggested.status, `suggesting ${name}`).toBe(201);
    // One at a time, so the first is the original.
    if (i === 0) await waitUntilIdle(server);
  }
  await waitUntilIdle(server);
  return { title, sources };
}

/**
 * The feed on /home shows a card saying 'also covered by' followed by the other sources' names,
 * each a link to that source's copy opening in a new tab; at 390 px the card fits the screen.
 * With `story`, it is that story's card, naming exactly its other sources.
 */
export async function seesAlsoCoveredBy(
  page: Page,
  server: Server,
  story?: { title: string; sources: string[] },
): Promise<void> {
  const card = page
    .getByTestId("feed-article")
    .filter({ has: page.getByTestId("also-covered-by") })
    .filter(story ? { hasText: story.title } : {})
    .first();
  await untilFeedShows(page, server, card);
  const covered = card.getByTestId("also-covered-by");
  await expect.poll(() => covered.innerText()).toMatch(/^also covered by/);
  const links = covered.getByTestId("also-covered-by-link");
  const named = await links.evaluateAll((anchors) =>
    anchors.map((a) => ({
      name: a.textContent?.replace(" (opens in a new tab)", "").trim(),
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute("target"),
    })),
  );
  expect(named.length).toBeGreaterThan(0);
  for (const link of named) {
    expect(link.href).toMatch(/^https?:\/\//);
    expect(link.target).toBe("_blank");
  }
  if (story) {
    expect(named.map((l) => l.name)).toEqual(story.sources.slice(1));
    // One card for the story, not one per source.
    expect(await page.getByTestId("feed-article").filter({ hasText: story.title }).count()).toBe(1);
  }
  // The list is named by its label for assistive technology.
  await expect.poll(() => covered.getByRole("list", { name: "also covered by" }).count()).toBe(1);

  const viewport = page.viewportSize();
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const box = await covered.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE_WIDTH).toBe(true);
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * On /home/tune's feed tab, turns the Atom feed on, fetches the address it shows (valid Atom,
 * holding the person's picks), then turns it off (confirmed) and sees the address answer 404.
 * Answers the titles the feed held.
 */
export async function turnsOnAtomFeed(page: Page, server: Server): Promise<string[]> {
  await page.goto(`${server.url}/home/tune?tab=feed`);
  const section = page.getByTestId("atom-feed");
  await section.getByTestId("atom-feed-on").click();
  const field = section.getByTestId("atom-feed-url");
  await field.waitFor();
  const url = await field.inputValue();
  expect(url).toMatch(/\/api\/atom\/[A-Za-z0-9_-]{43}$/);
  const address = `${server.url}${new URL(url).pathname}`;

  const response = await fetch(address);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  const parsed = await parseFeed(await response.text(), address);
  const again = await fetch(address, { headers: { "if-none-match": response.headers.get("etag")! } });
  expect(again.status).toBe(304);

  // Turning it off is confirmed in the page's own dialog.
  await section.getByTestId("atom-feed-off").click();
  await page.getByTestId("confirm-yes").click();
  await section.getByTestId("atom-feed-on").waitFor();
  expect((await fetch(address)).status).toBe(404);
  return parsed.items.map((i) => i.title);
}
