/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectAlerts, pageApi, screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds are graph's sources here; the Hacker News stand-in's subjects are none of theirs.
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

describe("agentic search in the browser", () => {
  it("a pro person searches a subject graph does not read yet, watches the steps, follows it and suggests a new source", async () => {
    const { context, page, userId } = await signedInPage(browser, server);
    // Pro through the local checkout stand-in.
    await page.goto(`${server.url}/home/upgrade`);
    await page.getByTestId("checkout").click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/home\?upgraded=1$/);

    // From the find page's posts tab.
    await page.goto(`${server.url}/home/find`);
    await page.getByTestId("find-input").fill("beekeeping");
    await page.getByTestId("find-agent-link").click();
    await page.waitForURL(/\/home\/agent\?q=beekeeping$/);
    expect(await page.getByTestId("agent-input").inputValue()).toBe("beekeeping");
    await expect
      .poll(() => page.getByTestId("agent-fetches").innerText())
      .toBe("30 of 30 agent fetches left in the last 24 hours");

    await page.getByTestId("agent-start").click();
    await page.waitForURL(/\/home\/agent\?id=/);
    // The steps appear as they happen, and all end.
    const steps = page.getByTestId("agent-step");
    await expect.poll(() => steps.count()).toBeGreaterThan(0);
    const search = page.getByTestId("agent-search");
    await expect.poll(() => search.getAttribute("data-status"), { timeout: 60_000 }).toBe("done");
    expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute("data-kind")))).toEqual([
      "expand",
      "graph",
      "outside",
      "discover",
      "rank",
    ]);
    expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute("data-status")))).toEqual(
      Array(5).fill("done"),
    );
    await expect
      .poll(() => page.getByTestId("agent-fetches").innerText())
      .toBe("29 of 30 agent fetches left in the last 24 hours");

    // Results with the steps that found them.
    const reasons = await page.getByTestId("agent-reason").allInnerTexts();
    expect(reasons).toContain("on Hacker News");
    expect(reasons).toContain("from a new source: Apiary Notes");
    const varroa = page.getByTestId("agent-result").filter({ hasText: "Counting varroa mites" });
    expect(await varroa.getByTestId("agent-reason").allInnerTexts()).toEqual([
      "on Hacker News",
      "from a new source: Apiary Notes",
    ]);
    await screenshot(page, "agent-search");

    // Follow the query as a topic.
    await page.getByTestId("agent-follow").click();
    await expect.poll(() => page.getByTestId("agent-follow").innerText()).toBe("following “beekeeping”");
    const topics = await pageApi(page, "GET", `/api/gpt/from_db/${userId}`);
    expect(topics.status).toBe(200);
    expect(JSON.stringify(topics.json).toLowerCase()).toContain('"beekeeping"');

    // Suggest a new source; its check is followed as on the feed tab, in the spec's words.
    const apiary = page.getByTestId("agent-new-source").filter({ hasText: "Apiary Notes" });
    await apiary.getByTestId("agent-suggest").click();
    await expect
      .poll(() => apiary.getByTestId("agent-suggestion-state").innerText(), { timeout: 60_000 })
      .toBe("added!");
    await screenshot(page, "agent-search-followed");
    await context.close();
  });

  it("refuses a free person's fourth search of the day with the time to wait", async () => {
    const { context, page } = await signedInPage(browser, server);
    for (let i = 0; i < 3; i++)
      expect((await pageApi(page, "POST", "/api/agent/search", { query: "letterpress printing" })).status).toBe(200);
    await page.goto(`${server.url}/home/agent`);
    await expect
      .poll(() => page.getByTestId("agent-fetches").innerText())
      .toBe("0 of 3 agent fetches left in the last 24 hours");
    const alerts = await collectAlerts(page);
    await page.getByTestId("agent-input").fill("bookbinding");
    await page.getByTestId("agent-start").click();
    const wait = page.getByTestId("agent-wait");
    await expect
      .poll(() => wait.innerText())
      .toMatch(/used your 3 agent fetches of the last 24 hours\. try again in 2[34] h( \d+ min)?\./);
    expect(alerts.join("\n")).toMatch(/try again in/);
    expect(page.url()).not.toMatch(/id=/);
    await screenshot(page, "agent-search-refused");
    await context.close();
  });
});
