/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  collectAlerts,
  pageApi,
  screenshot,
  signedInPage,
  signUpAndVerify,
  type Server,
  useBrowserServer,
} from "./support.ts";

/**
 * A newcomer's first day: setting up spends no refresh and loses no pick, starred topics come
 * first; and one person sees one feed on every device.
 */
let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const EIGHT_HOURS_S = 8 * 3600;
const feedReady = (page: Page) =>
  page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
const cardIds = (page: Page) =>
  page
    .locator('[data-testid="feed-article"]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-article-id")!));
const refreshesUsed = (page: Page) => page.getByTestId("refresh-count").getAttribute("data-used");
const sessionShown = (page: Page) => page.getByTestId("feed").getAttribute("data-session");

/** Seconds a countdown reads ("h:mm:ss" or "mm:ss"). */
function secondsOf(countdown: string): number {
  return countdown
    .trim()
    .split(":")
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

interface Topic {
  id: string;
  topic: string;
}

describe("a free person's first day", () => {
  it("onboards, edits topics twice, stars two, reloads twice: no refresh spent, no pick lost, starred first", async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const alerts = await collectAlerts(page);
    await signUpAndVerify(page, server);
    await page.getByTestId("topics-input").fill("Machine Learning, Sourdough Baking, Jazz, Formula 1, Climate Policy");
    await page.getByTestId("onboarding-submit").click();
    await page.waitForURL(/\/home$/);
    await feedReady(page);
    await page.getByTestId("feed-article").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => refreshesUsed(page)).toBe("1");
    const firstPicks = await cardIds(page);
    expect(firstPicks.length).toBeGreaterThan(0);
    const firstSession = await sessionShown(page);

    const { json: me } = await pageApi<{ userId: string }>(page, "GET", "/api/check_auth");
    const topics = async () => (await pageApi<Topic[]>(page, "GET", `/api/gpt/from_db/${me.userId}`)).json;
    // Two edits of topics: one added, one removed.
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Space Exploration"] })).status).toBe(200);
    const jazz = (await topics()).find((t) => t.topic === "Jazz")!;
    expect((await pageApi(page, "POST", "/api/gpt/remove_topic", { topicId: jazz.id })).status).toBe(200);
    // Star two topics the first picks matched, so their groups have articles.
    const keywords = await page
      .getByTestId("article-keywords")
      .evaluateAll((chips) => chips.map((c) => (c.textContent ?? "").toLowerCase()));
    const starred = (await topics())
      .filter((t) => keywords.some((k) => k.includes(t.topic.toLowerCase())))
      .slice(0, 2)
      .map((t) => t);
    expect(starred).toHaveLength(2);
    for (const t of starred) {
      const answer = await pageApi(page, "POST", "/api/gpt/toggle_supertag", { topicId: t.id, isSupertag: true });
      expect(answer.status).toBe(200);
    }

    for (let i = 0; i < 2; i++) {
      await page.reload();
      await feedReady(page);
      await page.getByTestId("feed-article").first().waitFor({ timeout: 15_000 });
    }
    // Still the first session, still its first refresh of the day.
    await expect.poll(() => sessionShown(page)).toBe(firstSession);
    expect(await refreshesUsed(page)).toBe("1");
    // Every first pick is still there (picks of the removed topic too).
    const shown = new Set(await cardIds(page));
    expect(firstPicks.filter((id) => !shown.has(id))).toEqual([]);
    // Starred topics' groups come first, and none is empty.
    const groups = await page
      .getByTestId("feed-group")
      .evaluateAll((sections) =>
        sections.map((s) => [s.getAttribute("data-group")!, s.querySelectorAll("[data-article-id]").length] as const),
      );
    const starredNames = starred.map((t) => t.topic);
    expect(starredNames).toContain(groups[0]![0]);
    const firstPlain = groups.findIndex(([name]) => !starredNames.includes(name));
    expect(
      groups.slice(firstPlain === -1 ? groups.length : firstPlain).some(([name]) => starredNames.includes(name)),
    ).toBe(false);
    expect(groups.every(([, count]) => count > 0)).toBe(true);
    // The next refresh is the schedule's, within the free plan's 8 hours of the first.
    const left = secondsOf(await page.getByTestId("refresh-countdown").innerText());
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(EIGHT_HOURS_S);
    expect(alerts).toEqual([]);
    await screenshot(page, "feed-first-day");
    await context.close();
  });
});

describe("one feed on every device", () => {
  it("shows a refresh made on one device on the other when it gets focus; a refused refresh is said inline", async () => {
    const desktop = await signedInPage(browser, server);
    const { page } = desktop;
    expect(
      (await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Machine Learning", "Jazz"] })).status,
    ).toBe(200);
    // Pro through the local checkout stand-in.
    await page.goto(`${server.url}/home/upgrade`);
    await page.getByTestId("checkout").click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/home\?upgraded=1$/);
    await feedReady(page);
    await page.getByTestId("manual-refresh").waitFor();

    // The same person on a phone.
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phoneContext.addCookies(await desktop.context.cookies());
    const phone = await phoneContext.newPage();
    // Filled as the pages alert (toasts, messages marked as alerted): read at the end.
    const alerts = [await collectAlerts(page), await collectAlerts(phone)];
    await phone.goto(`${server.url}/home`);
    await feedReady(phone);
    const before = await sessionShown(phone);
    expect(before).not.toBe("");
    await expect.poll(() => sessionShown(page)).toBe(before);

    await page.getByTestId("manual-refresh").click();
    await expect.poll(() => sessionShown(page)).not.toBe(before);
    const after = await sessionShown(page);

    // The phone still shows the earlier session; its refresh is refused by the cooldown, said beside the button.
    await phone.getByTestId("manual-refresh").click();
    await expect.poll(() => phone.getByTestId("refresh-refused").innerText()).toMatch(/cooling down/i);
    expect(await phone.getByTestId("refresh-refused").innerText()).toMatch(/\d+:\d\d left/);
    // The phone's window gets focus again: it checks with the server and shows the new session.
    await phone.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expect.poll(() => sessionShown(phone)).toBe(after);
    expect(alerts.flat()).toEqual([]);
    await phoneContext.close();
    await desktop.context.close();
  });
});
