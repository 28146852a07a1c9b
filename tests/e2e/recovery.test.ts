/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  SERVER_ERROR,
  collectAlerts,
  pageApi,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

/** react-router's developer page, and the words it used to show for a failed chunk. */
const DEVELOPER_ERROR = /Unexpected Application Error|Unable to preload CSS|dynamically imported module/i;

const bodyText = (page: Page) => page.locator("body").innerText();

describe("recovering from a failed page chunk and a lost connection", () => {
  it("reloads once for a chunk that fails, then says graph was updated; offline it says so and recovers when back", async () => {
    const { context, page } = await signedInPage(browser, server);
    await page.goto(`${server.url}/home`);
    await page.getByTestId("nav-find").waitFor();

    // Every document the tab loads (the first, and each reload).
    let loads = 0;
    page.on("load", () => loads++);

    // A new deploy removed the search page's style sheet (or the connection dropped it).
    const blocked = "**/assets/FindPage-*.css";
    let refused = 0;
    await page.route(blocked, (route) => {
      refused++;
      return route.abort("failed");
    });
    await page.getByTestId("nav-find").click();

    const error = page.getByTestId("app-error");
    await expect.poll(() => error.getAttribute("data-problem")).toBe("updated");
    await expect.poll(() => error.getByRole("heading").innerText()).toBe("graph was updated");
    // It reloaded by itself once (the failure came back), and no more.
    expect(loads).toBe(1);
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(page.url()).toBe(`${server.url}/home/find`);
    expect(await bodyText(page)).not.toMatch(DEVELOPER_ERROR);
    // The header stays, so the person can go elsewhere too.
    expect(await page.getByTestId("nav-home").isVisible()).toBe(true);
    await screenshot(page, "recovery-updated");

    // The file is back: retry shows the page.
    await page.unroute(blocked);
    await page.getByTestId("error-retry").click();
    await page.getByTestId("find-page").waitFor();
    expect(await error.count()).toBe(0);

    // The whole connection goes: a banner says so while it lasts.
    await context.setOffline(true);
    await page.getByTestId("offline-banner").waitFor();
    await page.getByTestId("nav-tune").click();
    await expect.poll(() => error.getAttribute("data-problem")).toBe("offline");
    expect(await error.getByRole("heading").innerText()).toBe("you are offline");
    expect(await bodyText(page)).not.toMatch(DEVELOPER_ERROR);
    const loadsOffline = loads;
    await screenshot(page, "recovery-offline");

    // Back online: the banner goes and the page loads by itself.
    await context.setOffline(false);
    await page.getByTestId("tune-page").waitFor();
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    expect(loads).toBe(loadsOffline + 1);
    expect(await bodyText(page)).not.toMatch(DEVELOPER_ERROR);
    await context.close();
  });

  it("disables adding a topic while offline, saying why, and enables it when back", async () => {
    const { context, page } = await signedInPage(browser, server);
    await page.goto(`${server.url}/home/tune?tab=topics`);
    const add = page.getByTestId("quick-add-submit");
    await page.getByTestId("quick-add-input").fill("tide pools");
    await expect.poll(() => add.isEnabled()).toBe(true);

    await context.setOffline(true);
    await page.getByTestId("offline-banner").waitFor();
    await expect.poll(() => add.isEnabled()).toBe(false);
    expect(await add.getAttribute("title")).toBe("you are offline: this needs a connection.");

    await context.setOffline(false);
    await expect.poll(() => add.isEnabled()).toBe(true);
    await context.close();
  });
});

describe("undo", () => {
  it("silences a source from a feed card, undoes it, and the source is back on the page and on the server", async () => {
    const { context, page } = await signedInPage(browser, server);
    const added = await pageApi(page, "POST", "/api/gpt/to_db", {
      keyTopicsArray: ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"],
    });
    expect(added.status).toBe(200);
    await page.goto(`${server.url}/home`);
    const cards = page.getByTestId("feed-article");
    await page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
    await cards.first().waitFor({ timeout: 15_000 });

    const card = cards.first();
    const sourceId = (await card.getAttribute("data-source-id"))!;
    const sourceName = (await card.locator(".article__source").innerText()).trim();
    const fromSource = page.locator(`[data-testid="feed-article"][data-source-id="${sourceId}"]`);
    const shownBefore = await fromSource.count();
    expect(shownBefore).toBeGreaterThan(0);
    const silenced = async () =>
      (await pageApi<Array<{ id: string }>>(page, "GET", "/api/rss/user_source_blacklist")).json.map((s) => s.id);

    await card.getByTestId("silence-source").click();
    await expect.poll(() => fromSource.count()).toBe(0);
    await expect.poll(silenced).toContain(sourceId);
    const toast = page.getByTestId("toast").filter({ hasText: `silenced ${sourceName}` });
    await toast.waitFor();
    await screenshot(page, "undo-silence");

    await toast.getByTestId("toast-undo").click();
    await expect.poll(silenced).not.toContain(sourceId);
    await expect.poll(() => fromSource.count()).toBe(shownBefore);
    await toast.waitFor({ state: "detached" });
    // Nothing failed along the way.
    expect(await page.locator('[data-tone="alert"]').count()).toBe(0);

    // After a reload too (the stored copy of the feed holds the source again).
    await page.reload();
    await cards.first().waitFor();
    await expect.poll(() => fromSource.count()).toBe(shownBefore);
    await context.close();
  });

  it("removes a starred topic, undoes it, and the topic is back as a supertag; a failed undo says so", async () => {
    const { context, page, userId } = await signedInPage(browser, server);
    type Topic = { id: string; topic: string; isSupertag: boolean };
    const topics = async () => (await pageApi<Topic[]>(page, "GET", `/api/gpt/from_db/${userId}`)).json;
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Tide Pools", "Jazz"] })).status).toBe(
      200,
    );
    const tide = (await topics()).find((t) => t.topic === "Tide Pools")!;
    expect(
      (await pageApi(page, "POST", "/api/gpt/toggle_supertag", { topicId: tide.id, isSupertag: true })).status,
    ).toBe(200);

    await page.goto(`${server.url}/home/tune?tab=topics`);
    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByRole("button", { name: "remove Tide Pools" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "removed Tide Pools" });
    await toast.waitFor();
    await expect.poll(async () => (await topics()).map((t) => t.topic)).toEqual(["Jazz"]);

    await toast.getByTestId("toast-undo").click();
    await expect
      .poll(async () => (await topics()).map((t) => `${t.topic}${t.isSupertag ? " *" : ""}`).sort())
      .toEqual(["Jazz", "Tide Pools *"]);
    const shown = page.locator('[data-testid="topic"][data-topic="Tide Pools"]');
    await expect.poll(() => shown.getByTestId("supertag-toggle").getAttribute("aria-pressed")).toBe("true");

    // An undo the server refuses says so, and the topic stays removed.
    const alerts = await collectAlerts(page);
    await page.getByRole("button", { name: "remove Jazz" }).click();
    const again = page.getByTestId("toast").filter({ hasText: "removed Jazz" });
    await again.waitFor();
    await page.route("**/api/gpt/to_db", (route) => route.fulfill(SERVER_ERROR));
    await again.getByTestId("toast-undo").click();
    await expect.poll(() => alerts).toEqual(["failed to add the topic back. please add it again"]);
    expect((await topics()).map((t) => t.topic)).toEqual(["Tide Pools"]);
    await context.close();
  });
});
