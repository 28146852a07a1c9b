/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, signUpAndVerify, startSignedIn, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const cards = (page: Page) => page.getByTestId("feed-article");

describe("the feed in the browser", () => {
  it("goes from sign-up to a feed of matching articles that explain themselves; likes persist; silencing removes a source", async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await signUpAndVerify(page, server);

    await page.getByTestId("topics-input").fill("Machine Learning, Sourdough Baking, Jazz, Formula 1, Climate Policy");
    await screenshot(page, "onboarding-topics");
    await page.getByTestId("onboarding-submit").click();
    await page.waitForURL(/\/home$/);
    // New topics are matched against recent articles first: the feed says so and fills in.
    await page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
    await cards(page).first().waitFor({ timeout: 15_000 });
    await screenshot(page, "home-feed");

    const count = await cards(page).count();
    expect(count).toBeGreaterThan(3);
    const topics = ["machine learning", "sourdough baking", "jazz", "formula 1", "climate policy"];
    for (let i = 0; i < count; i++) {
      const keywords = (await cards(page).nth(i).getByTestId("article-keywords").innerText()).toLowerCase();
      expect(topics.some((t) => keywords.includes(t))).toBe(true);
    }

    const first = cards(page).first();
    const articleId = await first.getAttribute("data-article-id");
    await first.getByTestId("add-toggle").click();
    await expect.poll(() => first.getByTestId("add-toggle").getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch("/api/articles/liked_ids")).json()) as string[]))
      .toContain(articleId);
    await page.reload();
    const again = page.locator(`[data-testid="feed-article"][data-article-id="${articleId}"]`);
    await expect.poll(() => again.getByTestId("add-toggle").getAttribute("aria-pressed")).toBe("true");

    const sourceId = (await cards(page).first().getAttribute("data-source-id"))!;
    await cards(page).first().getByTestId("silence-source").click();
    await expect.poll(() => page.locator(`[data-testid="feed-article"][data-source-id="${sourceId}"]`).count()).toBe(0);
    // After the next refresh the server leaves the source out too.
    const refreshed = await page.evaluate(async () => {
      await fetch("/api/users/clear_last_feed_refresh_at", { method: "POST" });
      return (await (await fetch("/api/rss/articles")).json()) as {
        groups: Record<string, Array<{ source_id: string }>>;
      };
    });
    const sources = Object.values(refreshed.groups)
      .flat()
      .map((a) => a.source_id);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources).not.toContain(sourceId);
    await context.close();
  });

  it("shows the empty state to a person without topics", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await startSignedIn(page, server);
    await page.goto(`${server.url}/home`);
    await expect
      .poll(() => page.getByTestId("feed-empty").innerText())
      .toContain("nothing to show! add some topics to see content!");
    await context.close();
  });
});
