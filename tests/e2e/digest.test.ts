/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageApi, screenshot, signedInPage, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds give the digest articles to send.
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const QUARTER_HOUR = 15 * 60 * 1000;

describe("the daily digest in the browser", () => {
  it("arrives in the outbox at the chosen time, and its unsubscribe link turns it off in one click", async () => {
    // A browser in Los Angeles: the digest's zone starts as the browser's.
    const { context, page, person } = await signedInPage(browser, server, undefined, undefined, {
      timezoneId: "America/Los_Angeles",
    });
    const topics = ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"];
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: topics })).status).toBe(200);
    await waitUntilIdle(server);

    // Turned on in settings; the time set to the coming quarter hour in Los Angeles.
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("digest-wanted").check();
    await expect.poll(() => page.getByTestId("digest-state").innerText(), { timeout: 10_000 }).toBe("saved");
    const at = Math.ceil((Date.now() + 60_000) / QUARTER_HOUR) * QUARTER_HOUR;
    const hhmm = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Los_Angeles",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(at);
    const saved = await pageApi(page, "POST", "/api/users/update_email_digest_preferences", {
      localTime: `${hhmm}:00`,
    });
    expect(saved.status).toBe(200);

    // The job, run as of that moment (the runtime also runs it every 15 minutes on its own).
    const run = await fetch(`${server.url}/api/dev/jobs/digest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ now: new Date(at).toISOString() }),
    });
    expect(run.status).toBe(200);
    await page.goto(`${server.url}/dev/outbox`);
    const digest = page.locator("article", { hasText: "your graph digest" }).filter({ hasText: person.email });
    await expect.poll(() => digest.count()).toBe(1);
    await expect.poll(() => digest.locator("li").count()).toBe(2);
    expect(await digest.innerText()).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    await screenshot(page, "digest-outbox");

    await digest.locator('a[href*="/unsubscribe?token="]').click();
    await page.waitForURL(/\/unsubscribe-success$/);
    await page.getByRole("heading", { name: "you're unsubscribed." }).waitFor();
    await screenshot(page, "unsubscribe-success");

    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("digest-wanted").waitFor();
    expect(await page.getByTestId("digest-wanted").isChecked()).toBe(false);

    // A link whose token was tampered with changes nothing and says so.
    await page.goto(`${server.url}/unsubscribe?token=not-a-token`);
    await page.getByTestId("unsubscribe-problem").waitFor();
    await screenshot(page, "unsubscribe-invalid");
    await context.close();
  });
});
