/// <reference lib="dom" />
/**
 * Browser steps of the installable app, composed by a browser test: the manifest and the service
 * worker are there, the last picks and an opened article read offline, and logging out leaves
 * nothing of the person in the browser's caches. Needs a context opened with service workers
 * allowed (`serviceWorkers: "allow"`; the suite's contexts block them by default).
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot, untilFeedShows, type Server } from "../support.ts";

/** Every request URL held in the browser's caches, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      held[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return held;
  });

/** The manifest names graph, starts at /home and has icons at the usual sizes, one maskable, each served. */
export async function checksManifest(page: Page, server: Server) {
  await page.goto(`${server.url}/home`);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifest = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get("content-type"), body: (await response.json()) as Record<string, unknown> };
  }, href!);
  expect(manifest.type).toContain("manifest+json");
  expect(manifest.body).toMatchObject({ name: "graph", start_url: "/home", display: "standalone" });
  expect(manifest.body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.body.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of icons) {
    const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
    expect(status, icon.src).toBe(200);
  }
  expect(await page.locator('meta[name="theme-color"]').count()).toBe(2);
}

/**
 * With the service worker active and controlling the page, the person opens their feed and the
 * article; offline, /home shows those picks with the offline line (liking and silencing disabled
 * with the reason) and the article reads again; back online, logging out empties their cache.
 */
export async function readsPicksOffline(page: Page, context: BrowserContext, server: Server, title: string) {
  await page.goto(`${server.url}/home`);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { state: registration.active?.state, script: registration.active?.scriptURL };
  });
  expect(worker).toEqual({ state: "activated", script: `${server.url}/sw.js` });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Read online, through the worker: the feed and the article are kept.
  const card = await untilFeedShows(page, server, page.getByTestId("feed-article").filter({ hasText: title }));
  const articleId = await card.getAttribute("data-article-id");
  await card.getByTestId("article-read").click();
  await page.getByTestId("reader-body").waitFor();
  const readText = await page.getByTestId("reader-body").innerText();
  await expect
    .poll(async () => Object.values(await cachedUrls(page)).flat())
    .toEqual(expect.arrayContaining(["/api/check_auth", "/api/rss/articles", `/api/reader/${articleId}`]));

  await context.setOffline(true);
  try {
    await page.goto(`${server.url}/home`);
    const offlineCard = page.getByTestId("feed-article").filter({ hasText: title });
    await offlineCard.waitFor();
    expect(await page.getByTestId("feed-offline").innerText()).toContain("offline");
    const like = offlineCard.getByTestId("add-toggle");
    expect(await like.isDisabled()).toBe(true);
    expect(await like.getAttribute("title")).toContain("offline");
    expect(await offlineCard.getByTestId("silence-source").isDisabled()).toBe(true);
    await screenshot(page, "feed-offline");

    await offlineCard.getByTestId("article-read").click();
    await page.waitForURL(new RegExp(`/home/read/${articleId}$`));
    expect(await page.getByTestId("reader-body").innerText()).toBe(readText);
    // A page opened afresh offline (the shell from the worker's precache) reads it too.
    await page.reload();
    expect(await page.getByTestId("reader-body").innerText()).toBe(readText);
    await screenshot(page, "reader-offline");
  } finally {
    await context.setOffline(false);
  }

  await page.goto(`${server.url}/home`);
  await page.getByTestId("page-menu-button").click();
  await page.getByTestId("menu-logout").click();
  await page.waitForURL(/\/login$/);
  // Only the app shell is left: nothing the person read, nor who they are.
  await expect
    .poll(async () => {
      const held = await cachedUrls(page);
      return Object.values(held)
        .flat()
        .filter((path) => /^\/(api|media)\//.test(path));
    })
    .toEqual([]);
  expect(Object.keys(await cachedUrls(page)).some((name) => name.startsWith("graph-person-"))).toBe(false);
}
