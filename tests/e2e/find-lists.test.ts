/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { THEMES } from "@graph/core/modules/tumble/rules";
import { screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

/** Pro through the local checkout stand-in, as a person buys it. */
async function upgrade(page: Page) {
  await page.goto(`${server.url}/home/upgrade`);
  await page.getByTestId("checkout").click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/home\?upgraded=1$/);
}

/** Presses the tumble button and answers the term it shows, once it differs from `before`. */
async function tumble(page: Page, before: string): Promise<string> {
  const input = page.getByTestId("find-input");
  await page.getByTestId("tumble-word").click();
  await expect.poll(() => input.inputValue()).not.toBe(before);
  return input.inputValue();
}

describe("tumble-word lists on find", () => {
  it("lets a pro person pick a themed list and tumble its words, keeps the choice, and tumbles their own list", async () => {
    const { context, page } = await signedInPage(browser, server);
    await upgrade(page);
    await page.goto(`${server.url}/home/find`);
    const input = page.getByTestId("find-input");
    const picker = page.getByTestId("tumble-list");
    await expect.poll(() => picker.isEnabled()).toBe(true);
    const options = await picker.locator("option").allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(["graph's topics", "science", "food", "games", "nature"]));
    // No refusal of the lists (the search's coverage note may still offer org's reach).
    expect(await page.getByTestId("plan-required-themedLists").count()).toBe(0);

    await picker.selectOption("food");
    await expect.poll(async () => THEMES.food.includes(await input.inputValue())).toBe(true);
    let shown = await input.inputValue();
    for (let i = 0; i < 6; i++) {
      shown = await tumble(page, shown);
      expect(THEMES.food, shown).toContain(shown);
    }
    await screenshot(page, "find-lists-pro");

    // The choice is kept on this device: the preset on the next visit comes from it.
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe("food");
    await expect.poll(async () => THEMES.food.includes(await input.inputValue())).toBe(true);

    // Their own list: written one term a line, checked as typed, saved, then tumbled from.
    await page.getByTestId("written-list-edit").click();
    const text = page.getByTestId("written-list-text");
    await text.fill("kelp forests\n\n1984");
    await expect.poll(() => page.getByTestId("written-list-error").innerText()).toBe("line 3: A term needs a letter.");
    expect(await page.getByTestId("written-list-save").isDisabled()).toBe(true);
    await text.fill("kelp forests\ntidal power\nKelp Forests\nseagrass meadows");
    await expect.poll(() => page.getByTestId("written-list-count").innerText()).toBe("3 of 500 terms");
    await page.getByTestId("written-list-save").click();
    await expect.poll(() => text.inputValue()).toBe("kelp forests\ntidal power\nseagrass meadows");
    await screenshot(page, "find-lists-written");
    await expect.poll(() => picker.locator('option[value="mine"]').innerText()).toBe("your list");
    await picker.selectOption("mine");
    const mine = ["kelp forests", "tidal power", "seagrass meadows"];
    await expect.poll(async () => mine.includes(await input.inputValue())).toBe(true);
    shown = await input.inputValue();
    for (let i = 0; i < 3; i++) {
      shown = await tumble(page, shown);
      expect(mine).toContain(shown);
    }
    await context.close();
  });

  it("shows a free person the one list and the upgrade link, and tumbles from it", async () => {
    const { context, page } = await signedInPage(browser, server);
    await page.goto(`${server.url}/home/find`);
    const input = page.getByTestId("find-input");
    await expect.poll(async () => BUILTIN_TOPICS.includes(await input.inputValue())).toBe(true);
    const picker = page.getByTestId("tumble-list");
    await expect.poll(() => picker.isEnabled()).toBe(true);
    expect(await picker.locator("option").allInnerTexts()).toEqual(["graph's topics"]);
    const refusal = page.getByTestId("plan-required-themedLists");
    await refusal.waitFor();
    // The lists' own upgrade link (the search's coverage note may offer one too, once it searched).
    expect(await refusal.getByTestId("upgrade-link").getAttribute("href")).toBe("/home/upgrade");
    expect(await page.getByTestId("written-list-edit").count()).toBe(0);
    const shown = await tumble(page, await input.inputValue());
    expect(BUILTIN_TOPICS).toContain(shown);
    await screenshot(page, "find-lists-free");
    await context.close();
  });
});
