/// <reference lib="dom" />
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageApi, screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

/** The feed read from the keyboard alone: moving, acting on a card, the help list, and the typing guard. */
let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** Served from the site's own origin, so its CSP stays in force (as scripts/audit/axe.ts does). */
const AXE_PATH = "/__keyboard/axe.min.js";

const said = (page: Page) => page.getByTestId("feed-keys-said").innerText();
const focusedId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[data-feed-card]")?.getAttribute("data-article-id") ?? null);
const cardIds = (page: Page) =>
  page.locator("[data-feed-card]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-article-id")!));
const focused = (page: Page) => page.locator("[data-feed-card]:focus");

/** The focused card is wholly on screen, below the sticky header (to the pixel: layouts round). */
async function expectInView(page: Page) {
  const box = await focused(page).evaluate((card) => {
    const rect = card.getBoundingClientRect();
    const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    return { top: rect.top, bottom: rect.bottom, header, height: window.innerHeight };
  });
  expect(box.top).toBeGreaterThanOrEqual(box.header - 1);
  expect(box.bottom).toBeLessThanOrEqual(box.height + 1);
}

async function openFeed(page: Page) {
  await page.goto(`${server.url}/home`);
  await page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
  await page.getByTestId("feed-article").first().waitFor({ timeout: 15_000 });
}

/** The help dialog passes axe (no serious or critical violation) and keeps the keys in a table. */
async function checkHelp(page: Page, theme: string) {
  await page.keyboard.press("?");
  const help = page.getByTestId("keyboard-help");
  await help.waitFor();
  expect(await help.getByRole("table").count()).toBe(1);
  expect(await help.getByTestId("keyboard-help-row").count()).toBe(9);
  await page.addScriptTag({ url: AXE_PATH });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: string): Promise<AxeResults> } }).axe.run(
      '[data-testid="keyboard-help"]',
    ),
  );
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    theme,
  ).toEqual([]);
  await screenshot(page, `keyboard-help-${theme}`);
}

describe("the feed from the keyboard", () => {
  it("moves with j/k, opens with o and v, likes with l, silences with s (and undoes), refreshes by plan, finds with /, lists the keys with ?", async () => {
    const { context, page } = await signedInPage(browser, server, undefined, undefined, { colorScheme: "light" });
    await context.route(`${server.url}${AXE_PATH}`, (route) =>
      route.fulfill({ path: AXE_SCRIPT, contentType: "text/javascript; charset=utf-8" }),
    );
    const topics = ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"];
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: topics })).status).toBe(200);
    await openFeed(page);
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(3);

    // j and k: focus moves card to card, visibly, and the position is said.
    await page.keyboard.press("j");
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    await expect.poll(() => said(page)).toContain(`1 of ${ids.length}:`);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect.poll(() => focusedId(page)).toBe(ids[2]);
    await page.keyboard.press("k");
    await expect.poll(() => focusedId(page)).toBe(ids[1]);
    expect(await focused(page).evaluate((card) => getComputedStyle(card).outlineStyle)).toBe("solid");
    // Down to the last card: each is scrolled into view as it takes focus.
    for (let i = 2; i < ids.length; i++) await page.keyboard.press("j");
    await expect.poll(() => focusedId(page)).toBe(ids.at(-1));
    await expectInView(page);
    await page.keyboard.press("j");
    await expect.poll(() => said(page)).toContain("last card");
    for (let i = ids.length - 1; i > 0; i--) await page.keyboard.press("k");
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    await expectInView(page);
    await screenshot(page, "keyboard-focus-light");

    // l: the card's own toggle, persisted as a click would.
    const first = page.locator(`[data-feed-card][data-article-id="${ids[0]}"]`);
    await page.keyboard.press("l");
    await expect.poll(() => first.getByTestId("add-toggle").getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await pageApi<string[]>(page, "GET", "/api/articles/liked_ids")).json)
      .toContain(ids[0]);

    // v: the publisher's page in a new tab, with no way back to graph's window.
    // (The card names it: its title opens the reader view.)
    const href = (await first.getAttribute("data-link"))!;
    expect(href).toMatch(/^https?:\/\//);
    // The publisher answers from here: the browser never leaves the machine.
    await context.route(href, (route) => route.fulfill({ contentType: "text/html", body: "<title>publisher</title>" }));
    const [publisher] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("v")]);
    await expect.poll(() => publisher.url()).toBe(href);
    expect(await publisher.evaluate(() => window.opener)).toBeNull();
    await publisher.close();

    // s: the focused card's source leaves the feed; the toast's undo (from the keyboard) brings it back.
    await page.bringToFront();
    await first.focus();
    const sourceId = (await first.getAttribute("data-source-id"))!;
    const ofSource = page.locator(`[data-feed-card][data-source-id="${sourceId}"]`);
    const shown = await ofSource.count();
    await page.keyboard.press("s");
    await expect.poll(() => ofSource.count()).toBe(0);
    // j goes on from where the silenced card stood.
    await page.keyboard.press("j");
    await expect.poll(async () => (await cardIds(page)).indexOf((await focusedId(page))!)).toBe(0);
    await page.getByTestId("toast-undo").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => ofSource.count()).toBe(shown);

    // r: a free plan has no refresh on demand, and is told why.
    await first.focus();
    await page.keyboard.press("r");
    await expect.poll(() => said(page)).toContain("part of pro");

    // ?: the list of keys in a dialog that holds focus; keys do nothing behind it; Escape closes it.
    await checkHelp(page, "light");
    const help = page.getByTestId("keyboard-help");
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    }
    await page.keyboard.press("j");
    await page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    // The visible way to the list.
    await page.getByTestId("keyboard-help-open").click();
    await expect.poll(() => help.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);

    // /: find, with its field taking the typing (a key typed there is a letter, not a shortcut).
    await page.keyboard.press("/");
    await page.waitForURL(/\/home\/find$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("find-input");
    await page.getByTestId("find-input").fill("");
    await page.keyboard.type("jk?");
    expect(await page.getByTestId("find-input").inputValue()).toBe("jk?");
    expect(new URL(page.url()).pathname).toBe("/home/find");

    // o and Enter: the card's article in the reader view.
    await openFeed(page);
    await page.keyboard.press("j");
    await expect.poll(() => focusedId(page)).toBe(ids[0]);
    await page.keyboard.press("o");
    await page.waitForURL(`${server.url}/home/read/${ids[0]}`);
    await page.goBack();
    await page.getByTestId("feed-article").first().waitFor();
    // Back on the feed, j goes on from the card that was opened (the reader view is a page of
    // /home, so the feed's keys kept their place).
    const back = await cardIds(page);
    const next = back[back.indexOf(ids[0]!) + 1]!;
    await page.keyboard.press("j");
    await expect.poll(() => focusedId(page)).toBe(next);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/home/read/${next}`);
    // Escape closes the reader view: back on the feed.
    await page.getByTestId("reader-publisher-link").waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL(`${server.url}/home`);

    // The ring and the list in the dark theme too.
    const dark = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      colorScheme: "dark",
      storageState: await context.storageState(),
    });
    await dark.route(`${server.url}${AXE_PATH}`, (route) =>
      route.fulfill({ path: AXE_SCRIPT, contentType: "text/javascript; charset=utf-8" }),
    );
    const night = await dark.newPage();
    await openFeed(night);
    await night.keyboard.press("j");
    await expect.poll(() => focusedId(night)).toBe(ids[0]);
    expect(await focused(night).evaluate((card) => getComputedStyle(card).outlineStyle)).toBe("solid");
    await screenshot(night, "keyboard-focus-dark");
    await checkHelp(night, "dark");
    await dark.close();
    await context.close();
  });
});
