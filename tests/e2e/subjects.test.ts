/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "../../scripts/audit/viewports.ts";
import { pageApi, screenshot, signedInPage, type Server, useOwnServer, waitUntilIdle } from "./support.ts";

let server: Server;
let browser: Browser;
// A runtime of its own: the subjects' topics are counted over everyone who follows topics, and
// people of other files would count too (e.g. History would have topics).
useOwnServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const choice = (page: Page, subject: string) =>
  page.locator(`[data-testid="subject-choice"][data-subject="${subject}"]`);

describe("subjects on the onboarding page", () => {
  it("offers subjects at once on a new stage, where nobody follows a topic yet", async () => {
    // The first person of a fresh runtime: the subjects offered come from the built-in topics
    // their articles name, every chip one that adds something.
    const { context, page } = await signedInPage(browser, server);
    await page.goto(`${server.url}/getting-started`);
    await expect.poll(() => page.getByTestId("subject-choice").count(), { timeout: 60_000 }).toBeGreaterThan(3);
    const chips = await page.getByTestId("subject-choice").evaluateAll((all) =>
      all.map((chip) => ({ disabled: (chip as HTMLButtonElement).disabled, text: chip.textContent ?? "" })),
    );
    for (const chip of chips) {
      expect(chip.disabled).toBe(false);
      expect(chip.text).toMatch(/\+\d+$/);
    }
    // The one line on what becomes public, before anything is typed.
    expect(await page.getByTestId("public-note").innerText()).toBe(
      "your topics and aims are public: your profile shows them as “topics” and “about me”. hide either section in tune → profile → advanced.",
    );
    await context.close();
  });

  it("leaves out a subject with no topics", async () => {
    const { context, page } = await signedInPage(browser, server);
    await page.route("**/api/rss/subjects", (route) =>
      route.fulfill({
        json: {
          subjects: [
            { subject: "Food", sources: 2, topics: ["Sourdough"] },
            { subject: "History", sources: 1, topics: [] },
          ],
        },
      }),
    );
    await page.goto(`${server.url}/getting-started`);
    await page.getByTestId("subject-choices").waitFor();
    const subjects = await page
      .getByTestId("subject-choice")
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute("data-subject")));
    expect(subjects).toEqual(["Food"]);
    await context.close();
  });

  it("offers the catalogue's subjects next to the topics prompt; choosing one adds its top topics", async () => {
    // Someone follows topics the demo's Food and Sport articles match; the job counts them.
    const { context: seeder, page: seed } = await signedInPage(browser, server);
    const added = await pageApi(seed, "POST", "/api/gpt/to_db", {
      keyTopicsArray: ["Sourdough", "Fermentation", "Formula 1", "Tennis"],
    });
    expect(added.status).toBe(200);
    await seeder.close();
    await waitUntilIdle(server);
    expect((await fetch(`${server.url}/api/dev/jobs/subject-topics`, { method: "POST" })).status).toBe(200);
    await waitUntilIdle(server);

    const { context, page, userId } = await signedInPage(browser, server);
    await page.goto(`${server.url}/getting-started`);
    await page.getByTestId("subject-choices").waitFor();
    // Next to the prompt, within the first step.
    const step = page.locator(".onboarding__step").first();
    expect(await step.getByTestId("copy-topics-prompt").count()).toBe(1);
    expect(await step.getByTestId("subject-choices").count()).toBe(1);
    // The demo catalogue's subjects: those followed topics matched, and the others by the
    // built-in topics their articles name.
    const subjects = await page
      .getByTestId("subject-choice")
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute("data-subject")));
    expect(subjects).toEqual(expect.arrayContaining(["Food", "Sport"]));
    const offered = (await pageApi<{ subjects: Array<{ subject: string; topics: string[] }> }>(page, "GET", "/api/rss/subjects"))
      .json.subjects;
    expect(subjects.sort()).toEqual(
      offered
        .filter((s) => s.topics.length > 0)
        .map((s) => s.subject)
        .sort(),
    );
    await screenshot(page, "onboarding-subjects");

    await page.getByTestId("topics-input").fill("rust");
    await choice(page, "Food").click();
    const draft = await page.getByTestId("topics-input").inputValue();
    expect(draft.startsWith("rust, ")).toBe(true);
    const preview = () => page.getByTestId("topics-preview").locator(".chip").allInnerTexts();
    await expect.poll(preview).toEqual(expect.arrayContaining(["Rust", "Sourdough", "Fermentation"]));
    expect(await preview()).not.toContain("Formula 1");
    await expect.poll(() => choice(page, "Food").isDisabled()).toBe(true);
    expect(await choice(page, "Food").innerText()).toContain("added");

    await page.getByTestId("onboarding-submit").click();
    await page.waitForURL(/\/home/);
    const topics = (await pageApi<Array<{ topic: string }>>(page, "GET", `/api/gpt/from_db/${userId}`)).json;
    expect(topics.map((t) => t.topic)).toEqual(expect.arrayContaining(["Rust", "Sourdough", "Fermentation"]));
    // The feed card shows each article's subject after its source.
    const food = page.locator('[data-testid="feed-article"][data-source-id="slow-oven"]').first();
    await food.waitFor();
    expect(await food.getByTestId("article-subject").innerText()).toBe("Food");
    await screenshot(page, "feed-subject");
    await context.close();
  });

  it("fits a phone without scrolling sideways", async () => {
    const { context, page } = await signedInPage(browser, server, PHONE);
    await page.goto(`${server.url}/getting-started`);
    await page.getByTestId("subject-choices").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "onboarding-subjects-390");
    await context.close();
  });
});
