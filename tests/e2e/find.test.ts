/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPerson, newSession, screenshot, startSignedIn, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds' articles, fetched and indexed for search by the run's runtime (global-setup.ts).
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

describe("find in the browser", () => {
  it("finds an ingested article by a word of its title, a person by part of their name, and tumbles a word", async () => {
    const other = await newSession(server, { ...newPerson(), username: `quill${Date.now() % 100000}` });

    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await startSignedIn(page, server);
    await page.goto(`${server.url}/home/find`);
    const input = page.getByTestId("find-input");
    await expect.poll(() => input.inputValue()).not.toBe("");

    await input.fill("sourdough");
    const results = page.getByTestId("find-result");
    // The previous term's results stay (dimmed) until the new ones arrive.
    await expect
      .poll(async () => (await results.allInnerTexts()).filter((t) => t.toLowerCase().includes("sourdough")).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await screenshot(page, "find-posts");

    await input.fill("zzqxvwk");
    await expect.poll(() => page.getByTestId("find-empty").innerText()).toContain('"zzqxvwk"');
    // A free person's search reaches back a day: the box says so, with the plan that reaches further.
    expect(await page.getByTestId("find-coverage").innerText()).toBe(
      "searched the last 24 h on the free plan. pro searches the last 1 year",
    );
    expect(await page.getByTestId("find-coverage").getByTestId("upgrade-link").getAttribute("href")).toBe("/home/upgrade");

    const before = await input.inputValue();
    await page.getByTestId("tumble-word").click();
    await expect.poll(() => input.inputValue()).not.toBe(before);

    await page.getByTestId("find-tab-users").click();
    await page.waitForURL(/type=users/);
    await input.fill(other.username.slice(0, 5));
    const person = page.locator(`[data-testid="user-result"][data-username="${other.username}"]`);
    await person.waitFor({ timeout: 10_000 });
    await screenshot(page, "find-users");
    await context.close();
  });
});
