/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageApi, screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

describe("the following tab in the browser", () => {
  it("shows who you follow's sessions once they have one, with the empty states before", async () => {
    const [writer, reader] = await Promise.all([signedInPage(browser, server), signedInPage(browser, server)]);

    await reader.page.goto(`${server.url}/home?tab=following`);
    await expect
      .poll(() => reader.page.getByTestId("following-empty-text").innerText())
      .toBe("You're not following anyone!");

    expect((await pageApi(reader.page, "POST", "/api/users/follow", { userId: writer.userId })).status).toBe(200);
    await reader.page.reload();
    await expect.poll(() => reader.page.getByTestId("following-empty-text").innerText()).toBe("No friend sessions yet");

    // The writer picks topics and opens their feed: the session it stores reaches the reader.
    const topics = await pageApi(writer.page, "POST", "/api/gpt/to_db", {
      keyTopicsArray: ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"],
    });
    expect(topics.status).toBe(200);
    await writer.page.goto(`${server.url}/home`);
    await writer.page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
    await writer.page.getByTestId("feed-article").first().waitFor({ timeout: 15_000 });

    await reader.page.reload();
    const session = reader.page.getByTestId("friend-session").first();
    await session.waitFor({ timeout: 15_000 });
    expect(await session.getAttribute("data-user-id")).toBe(writer.userId);
    expect(await session.innerText()).toContain(writer.person.username);
    const picks = session.getByTestId("friend-pick");
    const count = await picks.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    await screenshot(reader.page, "home-following");

    // A friend's pick goes into the reader's own graph.
    const first = picks.first();
    const articleId = await first.getAttribute("data-article-id");
    await first.getByTestId("add-toggle").click();
    await expect.poll(() => first.getByTestId("add-toggle").getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await pageApi<string[]>(reader.page, "GET", "/api/articles/liked_ids")).json)
      .toContain(articleId);
    await reader.context.close();
    await writer.context.close();
  });
});
