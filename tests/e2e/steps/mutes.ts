/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { MUTE_LIMITS } from "@graph/core/modules/mutes/rules";
import { screenshot, type Server } from "../support.ts";

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The ids of the feed's cards whose title names `word` (as a whole word, any case). */
async function cardsNaming(page: Page, word: string): Promise<string[]> {
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(word)}($|[^\\p{L}\\p{N}])`, "iu");
  const cards = await page
    .getByTestId("feed-article")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.getAttribute("data-article-id") ?? "",
        row.querySelector(".article__title")?.textContent ?? "",
      ]),
    );
  return cards.filter(([, title]) => pattern.test(title!)).map(([id]) => id!);
}

/**
 * On a signed-in page whose feed shows an article naming `word`: mutes the word on the feed tab
 * of /home/tune (which states the limit), sees it listed, and sees the article leave the feed.
 */
export async function muteWordAndSeeItsArticlesLeave(page: Page, server: Server, word: string): Promise<void> {
  await page.goto(`${server.url}/home`);
  await page.getByTestId("feed-article").first().waitFor();
  let naming: string[] = [];
  await expect
    .poll(async () => {
      naming = await cardsNaming(page, word);
      return naming.length;
    })
    .toBeGreaterThan(0);

  await page.goto(`${server.url}/home/tune?tab=feed`);
  await expect.poll(() => page.getByRole("tab", { name: "feed" }).getAttribute("aria-selected")).toBe("true");
  const section = page.getByTestId("muted-words");
  await expect
    .poll(() => section.getByTestId("mute-limits").innerText())
    .toContain(`up to ${MUTE_LIMITS.maxWords} words or phrases, each at most ${MUTE_LIMITS.maxLength} characters`);
  await section.getByTestId("mute-input").fill(word);
  await section.getByTestId("mute-submit").click();
  const listed = section.locator(`[data-testid="muted-word"][data-word="${word}"]`);
  await listed.waitFor();
  expect(await section.getByTestId("mute-input").inputValue()).toBe("");
  // Settled on the server: the list read back from it still holds the word, with no refusal shown.
  await expect
    .poll(() => page.evaluate(async () => ((await (await fetch("/api/mutes")).json()) as { words: string[] }).words))
    .toContain(word);
  expect(await section.getByTestId("mute-error").count()).toBe(0);
  await screenshot(page, "tune-feed-muted-word");

  // The change forgot the stored feed: the home page asks the server, which leaves the word out.
  const feedRead = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/rss/articles" && r.ok());
  await page.goto(`${server.url}/home`);
  await feedRead;
  await page.locator('[data-testid="feed"][data-preparing="false"]').waitFor();
  await expect.poll(() => cardsNaming(page, word)).toEqual([]);
  for (const articleId of naming) {
    expect(await page.locator(`[data-testid="feed-article"][data-article-id="${articleId}"]`).count()).toBe(0);
  }
}
