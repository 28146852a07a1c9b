/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Viewport } from "../../scripts/audit/viewports.ts";
import {
  collectAlerts,
  onPhoneInEachTheme,
  pageApi,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

interface ApiTopic {
  id: string;
  topic: string;
  isSupertag: boolean;
}

const signedIn = (viewport?: Viewport) => signedInPage(browser, server, viewport);
const post = async (page: Page, path: string, body: unknown) => (await pageApi(page, "POST", path, body)).status;

const shownTopics = (page: Page) =>
  page.getByTestId("topic").evaluateAll((items) => items.map((item) => item.getAttribute("data-topic")));

const serverTopics = (page: Page, userId: string) =>
  page.evaluate(async (id) => (await (await fetch(`/api/gpt/from_db/${id}`)).json()) as ApiTopic[], userId);

const skippedNames = (page: Page) =>
  page.getByTestId("skipped-topic").evaluateAll((items) => items.map((item) => item.getAttribute("data-topic")));

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const focusedTabName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));

describe("the settings page in the browser", () => {
  it("is a tablist: arrow keys, Home and End move and select, the query names the tab", async () => {
    const { context, page } = await signedIn();
    await page.goto(`${server.url}/home/tune`);
    await expect.poll(() => tab(page, "topics").getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("quick-add-input").waitFor();
    const tabs = page.getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual(["topics", "media", "feed", "profile"]);
    // Roving tabindex: only the selected tab is in the tab order.
    expect(await tabs.evaluateAll((all) => all.map((t) => t.getAttribute("tabindex")))).toEqual([
      "0",
      "-1",
      "-1",
      "-1",
    ]);
    const panelId = await tab(page, "topics").getAttribute("aria-controls");
    expect(await page.getByRole("tabpanel").getAttribute("id")).toBe(panelId);

    const historyLength = await page.evaluate(() => history.length);
    await tab(page, "topics").focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/\/home\/tune\?tab=media$/);
    await expect.poll(() => tab(page, "media").getAttribute("aria-selected")).toBe("true");
    expect(await tab(page, "topics").getAttribute("aria-selected")).toBe("false");
    expect(await focusedTabName(page)).toBe("tune-tab-media");
    await page.getByRole("tabpanel").getByTestId("media-tab").waitFor();
    await screenshot(page, "tune-media");
    // Choosing a tab replaces the address rather than adding to the history.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.keyboard.press("End");
    await page.waitForURL(/tab=profile$/);
    expect(await focusedTabName(page)).toBe("tune-tab-profile");
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/tab=topics$/);
    await page.keyboard.press("ArrowLeft");
    await page.waitForURL(/tab=profile$/);
    await page.keyboard.press("Home");
    await page.waitForURL(/tab=topics$/);
    expect(await focusedTabName(page)).toBe("tune-tab-topics");

    await tab(page, "feed").click();
    await page.waitForURL(/tab=feed$/);
    await page.getByTestId("suggest-input").waitFor();

    await page.goto(`${server.url}/home/tune?tab=xyz`);
    await expect.poll(() => tab(page, "topics").getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("quick-add-input").waitFor();
    await page.goto(`${server.url}/home/tune?tab=profile`);
    await expect.poll(() => tab(page, "profile").getAttribute("aria-selected")).toBe("true");
    await context.close();
  });

  it("adds topics with quick add, finds them fuzzily, stars and removes them, and keeps every change", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune`);
    await page.getByTestId("topics-empty").waitFor();
    // A feed stored on this device: changing topics must forget it.
    await page.evaluate((id) => localStorage.setItem(`cachedFeed-${id}`, "{}"), userId);

    const input = page.getByTestId("quick-add-input");
    await input.fill("rust lang, kelp forests");
    await input.press("Shift+Enter");
    expect(await input.inputValue()).toBe("rust lang, kelp forests\n");
    await input.press("Enter");
    await expect.poll(() => shownTopics(page)).toEqual(["Rust Lang", "Kelp Forests"]);
    expect(await input.inputValue()).toBe("");
    expect((await serverTopics(page, userId)).map((t) => t.topic)).toEqual(["Rust Lang", "Kelp Forests"]);
    expect(await page.evaluate((id) => localStorage.getItem(`cachedFeed-${id}`), userId)).toBeNull();

    const search = page.getByTestId("topic-search");
    await search.fill("kelp frests");
    await expect.poll(() => shownTopics(page)).toEqual(["Kelp Forests"]);
    await search.fill("lang");
    await expect.poll(() => shownTopics(page)).toEqual(["Rust Lang"]);
    await search.fill("zzqx");
    await expect.poll(() => page.getByTestId("topics-no-match").innerText()).toBe('no topics match "zzqx".');
    expect(await shownTopics(page)).toEqual([]);
    await search.fill("");
    await expect.poll(() => shownTopics(page)).toEqual(["Rust Lang", "Kelp Forests"]);

    const star = button(page, "supertag Rust Lang");
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByTestId("supertag-count").innerText()).toContain("1 of 5 supertags");
    await expect
      .poll(async () => (await serverTopics(page, userId)).find((t) => t.topic === "Rust Lang")?.isSupertag)
      .toBe(true);
    await page.reload();
    await expect.poll(() => button(page, "supertag Rust Lang").getAttribute("aria-pressed")).toBe("true");
    expect(await button(page, "supertag Kelp Forests").getAttribute("aria-pressed")).toBe("false");

    // The supertag explainer is a modal dialog; Escape closes it.
    await page.getByTestId("supertag-help").click();
    const dialog = page.getByRole("dialog", { name: "supertags" });
    await dialog.waitFor();
    await screenshot(page, "tune-supertag-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await screenshot(page, "tune-topics");
    const edit = button(page, "edit");
    expect(await edit.getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByTestId("remove-topic").count()).toBe(0);
    await edit.click();
    await expect.poll(() => edit.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "tune-topics-edit");
    await button(page, "remove Kelp Forests").click();
    await expect.poll(() => shownTopics(page)).toEqual(["Rust Lang"]);
    await page.reload();
    await expect.poll(() => shownTopics(page)).toEqual(["Rust Lang"]);
    expect((await serverTopics(page, userId)).map((t) => t.topic)).toEqual(["Rust Lang"]);
    expect(alerts).toEqual([]);

    // The same page on a phone, in both themes.
    await post(page, "/api/gpt/to_db", {
      keyTopicsArray: ["Tide Pools", "Urban Cycling", "Sourdough Baking", "History Of Medieval Maritime Trade"],
    });
    await onPhoneInEachTheme(browser, context, "tune-topics", async (small) => {
      await small.goto(`${server.url}/home/tune`);
      await small.getByTestId("topic-list").waitFor();
      await button(small, "edit").click();
    });
    await context.close();
  });

  it("says so when a change fails, keeps the topic, and puts a supertag back", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    expect(await post(page, "/api/gpt/to_db", { keyTopicsArray: ["Jazz", "Tide Pools"] })).toBe(200);
    await page.goto(`${server.url}/home/tune`);
    await expect.poll(() => shownTopics(page)).toEqual(["Jazz", "Tide Pools"]);

    const refuse = (status: number, body: object) => ({
      status,
      contentType: "application/json",
      body: JSON.stringify(body),
    });

    // Adding: the alert, and the draft kept to try again.
    await page.route("**/api/gpt/to_db", (route) =>
      route.fulfill(refuse(503, { error: "Service unavailable.", code: "unavailable" })),
    );
    const input = page.getByTestId("quick-add-input");
    await input.fill("kelp forests");
    await input.press("Enter");
    await expect.poll(() => alerts).toEqual(["failed to add topics"]);
    expect(await input.inputValue()).toBe("kelp forests");
    expect(await shownTopics(page)).toEqual(["Jazz", "Tide Pools"]);
    await page.unroute("**/api/gpt/to_db");

    // A supertag shows at once; refused (403), it goes back and the server's words are shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/gpt/toggle_supertag", async (route) => {
      await held;
      await route.fulfill(refuse(403, { error: "you can only have a max of 5 supertags", code: "supertag_limit" }));
    });
    const star = button(page, "supertag Jazz");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    release();
    await expect.poll(() => alerts.at(-1)).toBe("you can only have a max of 5 supertags");
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("false");
    await page.unroute("**/api/gpt/toggle_supertag");

    // Any other failure: back again, with the plain message.
    await page.route("**/api/gpt/toggle_supertag", (route) =>
      route.fulfill(refuse(500, { error: "Something went wrong. Please try again later.", code: "internal" })),
    );
    await star.click();
    await expect.poll(() => alerts.at(-1)).toBe("failed to update supertag. please try again");
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("false");
    await page.unroute("**/api/gpt/toggle_supertag");

    // Removing: the alert, and the topic stays.
    await page.route("**/api/gpt/remove_topic", (route) =>
      route.fulfill(refuse(503, { error: "Service unavailable.", code: "unavailable" })),
    );
    await button(page, "edit").click();
    await button(page, "remove Tide Pools").click();
    await expect.poll(() => alerts.at(-1)).toBe("failed to remove topic");
    expect(await shownTopics(page)).toEqual(["Jazz", "Tide Pools"]);
    await page.unroute("**/api/gpt/remove_topic");
    expect((await serverTopics(page, userId)).every((t) => !t.isSupertag)).toBe(true);
    await context.close();
  });

  it("lists skipped suggestions, the latest first, and un-skips one (back in the list if the server refuses)", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune`);
    const suggested = page.getByTestId("suggested-topic");
    await expect.poll(() => suggested.count()).toBe(10);
    await page.getByTestId("skipped-empty").waitFor();
    const [first, second] = (await suggested.evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-topic")),
    )) as string[];

    await button(page, `skip ${first}`).click();
    await expect.poll(() => skippedNames(page)).toEqual([first]);
    await button(page, `skip ${second}`).click();
    await expect.poll(() => skippedNames(page)).toEqual([second, first]);
    expect(await page.getByTestId("skipped-topics").locator(".tune-section__count").innerText()).toBe("2");

    // Refused: it comes back, and the page says so.
    await page.route("**/api/gpt/unskip_topic", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "Service unavailable.", code: "unavailable" }),
      }),
    );
    await button(page, `un-skip ${first}`).click();
    await expect
      .poll(() => page.getByTestId("unskip-error").textContent())
      .toBe(`couldn't un-skip ${first}. please try again.`);
    await expect.poll(() => skippedNames(page)).toEqual([second, first]);
    await page.unroute("**/api/gpt/unskip_topic");

    await button(page, `un-skip ${first}`).click();
    await expect.poll(() => skippedNames(page)).toEqual([second]);
    await expect
      .poll(() => page.getByTestId("skipped-announcement").textContent())
      .toBe(`un-skipped ${first}. graph may suggest it again.`);
    expect(await page.getByTestId("unskip-error").count()).toBe(0);
    const stored = await pageApi<{ skippedTopics: Array<{ topic: string }> }>(
      page,
      "GET",
      `/api/gpt/skipped_topics/${userId}`,
    );
    expect(stored.json.skippedTopics.map((t) => t.topic)).toEqual([second]);
    await page.reload();
    await expect.poll(() => skippedNames(page)).toEqual([second]);
    expect(alerts).toEqual([]);
    await context.close();
  });

  it("refuses a sixth supertag with the limit's message and sends nothing", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"];
    expect(await post(page, "/api/gpt/to_db", { keyTopicsArray: names })).toBe(200);
    for (const topic of (await serverTopics(page, userId)).slice(0, 5)) {
      expect(await post(page, "/api/gpt/toggle_supertag", { topicId: topic.id, isSupertag: true })).toBe(200);
    }
    await page.goto(`${server.url}/home/tune`);
    await expect.poll(() => page.getByTestId("supertag-count").innerText()).toContain("5 of 5 supertags");
    let sent = 0;
    await page.route("**/api/gpt/toggle_supertag", (route) => {
      sent++;
      return route.continue();
    });
    await button(page, "supertag Foxtrot").click();
    await expect.poll(() => alerts).toEqual(["you can only have a max of 5 supertags"]);
    expect(await button(page, "supertag Foxtrot").getAttribute("aria-pressed")).toBe("false");
    expect(sent).toBe(0);

    // Taking one back is allowed, and then the sixth may be starred.
    await button(page, "supertag Alpha").click();
    await expect.poll(() => page.getByTestId("supertag-count").innerText()).toContain("4 of 5 supertags");
    await button(page, "supertag Foxtrot").click();
    await expect.poll(() => button(page, "supertag Foxtrot").getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await serverTopics(page, userId)).filter((t) => t.isSupertag).map((t) => t.topic))
      .toEqual(["Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]);
    expect(sent).toBe(2);
    await context.close();
  });
});
