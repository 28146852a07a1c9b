/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rss, startFeedServer } from "../support/feeds.ts";
import { pageApi, screenshot, signedInPage, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds give the first digest its articles; a feed served here gives the second one its.
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds?.close());

const LA = "America/Los_Angeles";
const QUARTER_HOUR = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const hhmm = (at: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: LA, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

/** Runs the digest job as of `at` (the runtime also runs it every 15 minutes on its own). */
async function runDigestAt(at: number) {
  const run = await fetch(`${server.url}/api/dev/jobs/digest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: new Date(at).toISOString() }),
  });
  expect(run.status).toBe(200);
}

/** The person's digests in the outbox page, newest first. */
async function digestsIn(page: Page, email: string) {
  await page.goto(`${server.url}/dev/outbox`);
  return page.locator("article", { hasText: "your graph digest" }).filter({ hasText: email });
}

async function upgradeToPro(page: Page) {
  await page.goto(`${server.url}/home/upgrade`);
  await page.getByTestId("checkout").click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/home\?upgraded=1$/);
}

const savedPreferences = async (page: Page) =>
  (
    await pageApi<{ localTime: string; times: string[]; sections: { supertags: boolean } }>(
      page,
      "GET",
      "/api/users/email_digest_preferences",
    )
  ).json;

const stateText = (page: Page) => page.getByTestId("digest-state").innerText();

describe("the advanced digest in the browser", () => {
  it("a pro person sets two times a day with a section for their supertag, and both e-mails arrive with it", async () => {
    const { context, page, userId, person } = await signedInPage(browser, server, undefined, undefined, {
      timezoneId: LA,
    });
    const topics = ["Machine Learning", "Jazz", "Formula 1"];
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: topics })).status).toBe(200);
    await waitUntilIdle(server);
    const listed = await pageApi<Array<{ id: string; topic: string }>>(page, "GET", `/api/gpt/from_db/${userId}`);
    const starred = listed.json.find((t) => t.topic === "Machine Learning")!;
    expect(
      (await pageApi(page, "POST", "/api/gpt/toggle_supertag", { topicId: starred.id, isSupertag: true })).status,
    ).toBe(200);
    await upgradeToPro(page);

    // On, at the coming quarter hour in Los Angeles.
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("digest-wanted").check();
    await expect.poll(() => stateText(page), { timeout: 10_000 }).toBe("saved");
    const first = Math.ceil((Date.now() + 60_000) / QUARTER_HOUR) * QUARTER_HOUR;
    await page
      .getByTestId("digest-time")
      .fill(String(Number(hhmm(first).slice(0, 2)) * 60 + Number(hhmm(first).slice(3))));
    await expect.poll(() => page.getByTestId("digest-time-shown").innerText()).toBe(hhmm(first));
    await expect
      .poll(async () => (await savedPreferences(page)).localTime, { timeout: 10_000 })
      .toBe(`${hhmm(first)}:00`);

    // A second time (an hour later), and the supertag's section (on by default on pro).
    await page.getByTestId("digest-add-time").click();
    await expect.poll(() => page.getByTestId("digest-time-2-shown").innerText()).toBe(hhmm(first + HOUR));
    await expect.poll(async () => (await savedPreferences(page)).times.length, { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId("digest-section-supertags").isChecked()).toBe(true);
    expect(await page.getByTestId("digest-advanced").isDisabled()).toBe(false);
    await screenshot(page, "digest-advanced");
    const saved = await savedPreferences(page);
    expect(saved.times).toEqual([`${hhmm(first)}:00`, `${hhmm(first + HOUR)}:00`]);
    expect(saved.sections.supertags).toBe(true);

    // The first time: the digest, with the supertag's section.
    await runDigestAt(first);
    const once = await digestsIn(page, person.email);
    await expect.poll(() => once.count()).toBe(1);
    expect(await once.innerText()).toMatch(/== Machine Learning ==/);
    expect(await once.innerText()).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // Something new for the supertag before the second time: a feed the person suggests.
    feeds.set("/rigging.xml", {
      body: rss("Rigging Review", [
        { title: "Machine learning trims the sails", link: "https://rigging.example/sails", ageHours: -0.5 },
      ]),
    });
    const suggested = await pageApi(page, "POST", "/api/rss/user_source_suggested_list", {
      sourceLink: `${feeds.url}/rigging.xml`,
    });
    expect(suggested.status).toBe(201);
    await waitUntilIdle(server);

    await runDigestAt(first + HOUR);
    const twice = await digestsIn(page, person.email);
    await expect.poll(() => twice.count()).toBe(2);
    const newest = await twice.first().innerText();
    expect(newest).toMatch(/== Machine Learning ==\n- Machine learning trims the sails/);
    expect(newest).toContain(`at ${hhmm(first + HOUR)}`);
    expect(newest).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    await screenshot(page, "digest-advanced-outbox");

    // The job run again at either time sends nothing more.
    await runDigestAt(first);
    await runDigestAt(first + HOUR);
    await expect.poll(async () => (await digestsIn(page, person.email)).count()).toBe(2);
    await context.close();
  });

  it("shows a free person the advanced settings closed, with the upgrade link", async () => {
    const { context, page } = await signedInPage(browser, server, undefined, undefined, { timezoneId: LA });
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("digest-wanted").check();
    await expect.poll(() => stateText(page), { timeout: 10_000 }).toBe("saved");
    const advanced = page.getByTestId("digest-advanced");
    await page.getByTestId("plan-required-advancedDigests").waitFor();
    expect(await advanced.getAttribute("disabled")).not.toBeNull();
    expect(await page.getByTestId("digest-day-mon").isDisabled()).toBe(true);
    expect(await page.getByTestId("digest-add-time").isDisabled()).toBe(true);
    expect(await page.getByTestId("digest-section-followingFeed").isDisabled()).toBe(true);
    await screenshot(page, "digest-advanced-free");
    await page.getByTestId("plan-required-advancedDigests").getByTestId("upgrade-link").click();
    await page.waitForURL(/\/home\/upgrade$/);
    await context.close();
  });
});
