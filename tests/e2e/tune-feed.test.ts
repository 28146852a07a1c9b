/// <reference lib="dom" />
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rss, startFeedServer } from "../support/feeds.ts";
import {
  collectAlerts,
  onPhoneInEachTheme,
  pageApi,
  screenshot,
  SERVER_ERROR,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

// The demo feeds give sources to silence and articles to add (indexed for search); private feeds
// let the runtime read the test's own feed server on this machine (the runtime has no network).
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));
beforeAll(async () => {
  feeds = await startFeedServer();
  // Answered slowly, so a suggestion of it is seen pending before its check settles it.
  feeds.set("/tidewater.xml", {
    body: rss("Tidewater Notes", [{ title: "Reading the tide tables", link: "https://tidewater.example/tables" }]),
    delayMs: 2_500,
  });
});
afterAll(async () => {
  await feeds?.close();
});

const signedIn = () => signedInPage(browser, server);
/** Calls the API from the page and answers the JSON. */
const api = async <T = unknown>(page: Page, method: string, path: string, body?: unknown) =>
  (await pageApi<T>(page, method, path, body)).json;

interface SearchHit {
  id: string;
  title: string;
  source: string;
}

/** Adds a demo article (found by a word of its title) to the person's graph; answers it as search found it. */
async function addArticle(page: Page, word: string): Promise<SearchHit> {
  let hit: SearchHit | undefined;
  await expect
    .poll(async () => {
      hit = (await api<{ results: SearchHit[] }>(page, "GET", `/api/rss/search?q=${word}`)).results[0];
      return hit !== undefined;
    })
    .toBe(true);
  await api(page, "POST", "/api/articles/toggle_add_article", { articleId: hit!.id, added: true });
  return hit!;
}

const states = (page: Page) =>
  page
    .getByTestId("suggestion")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector(".tune-row__title")?.textContent,
        row.querySelector('[data-testid="suggestion-state"]')?.textContent,
      ]),
    );
const silencedNames = (page: Page) =>
  page
    .getByTestId("silenced-source")
    .evaluateAll((rows) => rows.map((r) => r.querySelector(".tune-row__title")?.textContent));
const addedIds = (page: Page) =>
  page.getByTestId("added-article").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-article-id")));
const isDelete = (route: Route) => route.request().method() === "DELETE";

describe("the settings page's feed tab in the browser", () => {
  it("suggests sources: an empty link is refused, a suggestion is pending and then settled without a reload", async () => {
    const { context, page } = await signedIn();
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/rss/user_source_suggested_list"))
        posted.push(request.postData() ?? "");
    });
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await expect.poll(() => page.getByRole("tab", { name: "feed" }).getAttribute("aria-selected")).toBe("true");
    // The digest's own behaviour is tune-digest.test.ts's; here it is only there, and off.
    expect(await page.getByTestId("digest-wanted").isChecked()).toBe(false);
    await page.getByTestId("suggestions-empty").waitFor();

    // Nothing to send: the button is off, and Enter sends nothing either.
    const input = page.getByTestId("suggest-input");
    const submit = page.getByTestId("suggest-submit");
    expect(await submit.isDisabled()).toBe(true);
    await input.fill("   ");
    expect(await submit.isDisabled()).toBe(true);
    await input.press("Enter");

    await input.fill(`${feeds.url}/tidewater.xml`);
    expect(await submit.isDisabled()).toBe(false);
    await input.press("Enter");
    const shown = `127.0.0.1:${feeds.port}/tidewater.xml`;
    await expect.poll(() => states(page)).toEqual([[shown, "pending..."]]);
    expect(await input.inputValue()).toBe("");
    expect(posted.map((body) => JSON.parse(body) as unknown)).toEqual([{ sourceLink: `${feeds.url}/tidewater.xml` }]);
    await screenshot(page, "tune-feed-suggestion-pending");
    // The check runs in the background; the list polls until it is settled.
    await expect.poll(() => states(page), { timeout: 30_000 }).toEqual([[shown, "added!"]]);

    // A link that is no feed is rejected; the same feed again already exists.
    await input.fill(`${feeds.url}/no-feed-here`);
    await submit.click();
    await expect
      .poll(() => states(page), { timeout: 30_000 })
      .toEqual([
        [`127.0.0.1:${feeds.port}/no-feed-here`, "rejected :("],
        [shown, "added!"],
      ]);
    await input.fill(`${feeds.url}/tidewater.xml`);
    await submit.click();
    await expect
      .poll(() => states(page), { timeout: 30_000 })
      .toEqual([
        [shown, "already exists!"],
        [`127.0.0.1:${feeds.port}/no-feed-here`, "rejected :("],
        [shown, "added!"],
      ]);

    // A refusal is told by its code, in the server's words for a bad link.
    await input.fill("not a link");
    await submit.click();
    await expect
      .poll(() => page.getByTestId("suggest-error").innerText())
      .toBe("That does not look like a web address.");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    await page.reload();
    await expect.poll(() => states(page)).toHaveLength(3);
    await context.close();
  });

  it("searches sources from two characters, silences one, keeps it over a reload and un-silences it", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    const searched: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/rss/source_search") searched.push(url.searchParams.get("q") ?? "");
    });
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("silenced-empty").waitFor();
    expect(await page.getByTestId("silenced-empty").innerText()).toBe(
      "no silenced sources. silence a source to keep it out of your feed.",
    );
    // A feed stored on this device: silencing must forget it.
    await page.evaluate((id) => localStorage.setItem(`cachedFeed-${id}`, "{}"), userId);

    const search = page.getByTestId("source-search");
    await search.fill("c");
    await expect
      .poll(() => page.getByTestId("source-search-hint").innerText())
      .toBe("type at least 2 characters to search.");
    await search.fill("copper");
    const result = page.getByRole("button", { name: "silence Copper Kettle Kitchen", exact: true });
    await result.waitFor();
    // Only searches of two characters or more were sent, and only once typing settled.
    expect(searched).toEqual(["copper"]);

    await result.click();
    await expect.poll(() => silencedNames(page)).toEqual(["Copper Kettle Kitchen"]);
    await expect
      .poll(() => page.getByRole("button", { name: "silenced: Copper Kettle Kitchen" }).isDisabled())
      .toBe(true);
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`cachedFeed-${id}`), userId)).toBeNull();
    await screenshot(page, "tune-feed-silenced");
    await page.reload();
    await expect.poll(() => silencedNames(page)).toEqual(["Copper Kettle Kitchen"]);

    // A refused un-silence shows at once, then puts the source back and says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/rss/user_source_blacklist", async (route) => {
      if (!isDelete(route)) return route.fallback();
      await held;
      await route.fulfill(SERVER_ERROR);
    });
    const unsilence = page.getByRole("button", { name: "un-silence Copper Kettle Kitchen", exact: true });
    await unsilence.click();
    await page.getByTestId("silenced-empty").waitFor();
    release();
    await expect.poll(() => alerts).toEqual(["failed to un-silence the source. please try again"]);
    await expect.poll(() => silencedNames(page)).toEqual(["Copper Kettle Kitchen"]);
    await page.unroute("**/api/rss/user_source_blacklist");

    await unsilence.click();
    await page.getByTestId("silenced-empty").waitFor();
    await page.reload();
    await page.getByTestId("silenced-empty").waitFor();
    expect(await api<unknown[]>(page, "GET", "/api/rss/user_source_blacklist")).toEqual([]);
    await context.close();
  });

  it("lists the articles the person added, deletes one, and keeps one whose delete failed", async () => {
    const { context, page, userId } = await signedIn();
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("added-empty").waitFor();
    const kept = await addArticle(page, "sourdough");
    const doomed = await addArticle(page, "coffee");
    await page.reload();
    await expect.poll(() => addedIds(page)).toEqual([doomed.id, kept.id]);

    const link = page.getByRole("link", { name: doomed.title, exact: true });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    const row = page.locator(`[data-testid="added-article"][data-article-id="${doomed.id}"]`);
    expect(await row.innerText()).toContain(doomed.source);
    await screenshot(page, "tune-feed-added");

    // A failed delete: gone at once, back with the spec's alert when the server refuses.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/articles\/?$/, async (route) => {
      if (!isDelete(route)) return route.fallback();
      await held;
      await route.fulfill(SERVER_ERROR);
    });
    await page.getByRole("button", { name: `delete ${doomed.title}`, exact: true }).click();
    await expect.poll(() => addedIds(page)).toEqual([kept.id]);
    release();
    await expect.poll(() => alerts).toEqual(["Failed to delete the article."]);
    await expect.poll(() => addedIds(page)).toEqual([doomed.id, kept.id]);
    await page.unroute(/\/api\/articles\/?$/);

    await page.getByRole("button", { name: `delete ${doomed.title}`, exact: true }).click();
    await expect.poll(() => addedIds(page)).toEqual([kept.id]);
    await expect
      .poll(async () =>
        (await api<{ id: string }[]>(page, "GET", `/api/articles/from_db_by_user_id/${userId}`)).map((a) => a.id),
      )
      .toEqual([kept.id]);
    await page.reload();
    await expect.poll(() => addedIds(page)).toEqual([kept.id]);
    expect(alerts).toEqual(["Failed to delete the article."]);
    await context.close();
  });

  it("fits a phone in both themes", async () => {
    const { context, page } = await signedIn();
    await addArticle(page, "sourdough");
    await api(page, "POST", "/api/rss/user_source_suggested_list", { sourceLink: `${feeds.url}/tidewater.xml` });
    const [copper] = await api<{ id: string }[]>(page, "GET", "/api/rss/source_search?q=copper");
    await api(page, "POST", "/api/rss/user_source_blacklist", { sourceId: copper!.id });

    await onPhoneInEachTheme(browser, context, "tune-feed", async (small) => {
      await small.goto(`${server.url}/home/tune?tab=feed`);
      await small.getByTestId("added-article").waitFor();
      await small.getByTestId("silenced-source").waitFor();
      await small.getByTestId("source-search").fill("copper");
      await small.getByTestId("source-result").waitFor();
    });
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("added-article").waitFor();
    await screenshot(page, "tune-feed");
    await context.close();
  });
});
