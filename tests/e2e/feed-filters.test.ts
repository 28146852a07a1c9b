/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { upgradeToPro } from "./steps/plans.ts";
import { pageApi, screenshot, signedInPage, useBrowserServer, waitUntilIdle, type Server } from "./support.ts";

/**
 * Feed filters by plan, on the feed tab: a free person is told muting and filters are part of
 * pro, with the upgrade link and nothing to press that does nothing; a pro person sets each
 * advanced filter there and sees its articles leave the feed. The demo feeds' sources differ in
 * kind (Slow Oven is a YouTube channel), language (the RSS feeds are English), country (Pitchside
 * Daily is the one on a national list) and subject.
 */
let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

interface Card {
  title: string;
  source: string;
  type: string;
}

/** The cards of the person's feed, read from the home page once it is ready. */
async function feedCards(page: Page): Promise<Card[]> {
  await page.goto(`${server.url}/home`);
  await page.locator('[data-testid="feed"][data-preparing="false"]').waitFor();
  await page.getByTestId("feed-article").first().waitFor();
  return page.getByTestId("feed-article").evaluateAll((rows) =>
    rows.map((row) => ({
      title: row.querySelector(".article__title")?.textContent ?? "",
      source: row.getAttribute("data-source-id") ?? "",
      type: row.getAttribute("data-type") ?? "",
    })),
  );
}

async function openFeedTab(page: Page) {
  await page.goto(`${server.url}/home/tune?tab=feed`);
  await expect.poll(() => page.getByRole("tab", { name: "feed" }).getAttribute("aria-selected")).toBe("true");
  await page.getByTestId("filter-kinds").waitFor();
}

/** Sets a filter on the feed tab, waits for the server to hold it, and answers the feed's cards after. */
async function withFilter(page: Page, set: (section: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  await openFeedTab(page);
  const section = page.getByTestId("feed-filters");
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/filters/") && r.ok());
  await set(section);
  await saved;
  expect(await section.getByTestId("filter-error").count()).toBe(0);
  return feedCards(page);
}

/** Takes every advanced filter off again (through the API: each check starts from the whole feed). */
async function clearFilters(page: Page) {
  const view = (
    await pageApi<{
      languages: string[];
      countries: string[];
      subjects: string[];
      topicWords: Array<{ topic: string; word: string }>;
    }>(page, "GET", "/api/filters")
  ).json;
  for (const language of view.languages) await pageApi(page, "DELETE", "/api/filters/languages", { language });
  for (const country of view.countries) await pageApi(page, "DELETE", "/api/filters/countries", { country });
  for (const subject of view.subjects) await pageApi(page, "DELETE", "/api/filters/subjects", { subject });
  for (const pair of view.topicWords) await pageApi(page, "DELETE", "/api/filters/topic-words", pair);
  expect((await pageApi(page, "PUT", "/api/filters/kinds", { kinds: ["web", "youtube", "bluesky"] })).status).toBe(200);
}

describe("feed filters on the feed tab", () => {
  it("tells a free person they are part of pro, with the upgrade link and no form to add", async () => {
    const { page, context } = await signedInPage(browser, server);
    await openFeedTab(page);
    const mutes = page.getByTestId("muted-words");
    await mutes.getByTestId("plan-required-filters").waitFor();
    expect(await mutes.getByTestId("mute-form").count()).toBe(0);
    const filters = page.getByTestId("feed-filters");
    const note = filters.getByTestId("plan-required-filters");
    expect(await note.innerText()).toContain("part of the pro plan");
    expect(await filters.getByTestId("filter-topic-word-add").count()).toBe(0);
    expect(await filters.getByTestId("filter-kind-youtube").isDisabled()).toBe(true);
    await screenshot(page, "tune-feed-filters-free");
    await note.getByTestId("upgrade-link").click();
    await page.waitForURL(/\/home\/upgrade$/);
    // The server refuses what the page does not offer.
    const refused = await pageApi(page, "POST", "/api/mutes", { word: "sourdough" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "plan_required", feature: "filters" });
    await context.close();
  });

  it("lets a pro person set each filter, and each one's articles leave the feed", async () => {
    const { page, context } = await signedInPage(browser, server);
    expect(
      (await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Sourdough", "Premier League"] })).status,
    ).toBe(200);
    await waitUntilIdle(server);
    await upgradeToPro(page, server);

    const all = await feedCards(page);
    const titles = (cards: Card[]) => cards.map((c) => c.title);
    const youtube = all.filter((c) => c.type === "youtube");
    const fromUk = all.filter((c) => c.source === "pitchside-daily");
    // RSS feeds that declare English (Atom and video feeds may declare no language, and stay).
    const english = all.filter((c) => c.source === "copper-kettle" || c.source === "pitchside-daily");
    const starter = all.filter((c) => /\bstarter\b/i.test(c.title) && /sourdough/i.test(c.title));
    for (const cards of [youtube, fromUk, english, starter]) expect(cards.length).toBeGreaterThan(0);

    // Kinds: YouTube off.
    let after = await withFilter(page, (s) => s.getByTestId("filter-kind-youtube").click());
    expect(after.filter((c) => c.type === "youtube")).toEqual([]);
    expect(titles(after)).toEqual(expect.arrayContaining(titles(fromUk)));
    await clearFilters(page);

    // Languages: French only, so the English feeds' articles leave.
    after = await withFilter(page, async (s) => {
      await s.getByTestId("filter-languages-input").fill("fr");
      await s.getByTestId("filter-languages-add").click();
    });
    for (const title of titles(english)) expect(titles(after)).not.toContain(title);
    await openFeedTab(page);
    await page.getByTestId("feed-filters").locator('[data-testid="filter-row"][data-value="French (fr)"]').waitFor();
    await screenshot(page, "tune-feed-filters-pro");
    await clearFilters(page);

    // Countries: the United Kingdom left out.
    after = await withFilter(page, async (s) => {
      await s.getByTestId("filter-countries-input").selectOption("United Kingdom");
      await s.getByTestId("filter-countries-add").click();
    });
    expect(after.filter((c) => c.source === "pitchside-daily")).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
    await clearFilters(page);

    // Subjects: Sport left out (Pitchside Daily's).
    after = await withFilter(page, async (s) => {
      await s.getByTestId("filter-subjects-input").selectOption("Sport");
      await s.getByTestId("filter-subjects-add").click();
    });
    expect(after.filter((c) => c.source === "pitchside-daily")).toEqual([]);
    expect(after.some((c) => /sourdough/i.test(c.title))).toBe(true);
    await clearFilters(page);

    // A word muted within a topic: "starter" within Sourdough.
    after = await withFilter(page, async (s) => {
      await s.getByTestId("filter-topic-select").selectOption("Sourdough");
      await s.getByTestId("filter-topic-word-input").fill("starter");
      await s.getByTestId("filter-topic-word-add").click();
    });
    for (const title of titles(starter)) expect(titles(after)).not.toContain(title);
    expect(titles(after)).toEqual(expect.arrayContaining(titles(fromUk)));
    await clearFilters(page);

    // With every filter off again, the feed is whole.
    expect(titles(await feedCards(page))).toEqual(expect.arrayContaining(titles(all)));
    await context.close();
  });
});
