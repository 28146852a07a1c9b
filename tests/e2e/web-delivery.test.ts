/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoArticles } from "../../packages/local/src/demo/index.ts";
import { screenshot, signUpAndVerify, startSignedIn, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

/**
 * Records what the page reports as broken: CSP violations (listened for before any page script
 * runs; init scripts are exempt from the page's CSP), console errors and uncaught exceptions.
 */
async function watchForProblems(context: BrowserContext, page: Page): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeFunction("__reportViolation", (text: string) => problems.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation;
      report(`CSP ${event.effectiveDirective} blocked ${event.blockedURI || "inline code"}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  // Names what failed to load (the console says only "Failed to load resource").
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/**
 * The longest opening of a fresh demo headline that can be a topic (at most six words and 60
 * characters): on a 390-px phone its chip is wider than the card and must be cut, not broken.
 * The demo corpus always has one of at least 45 characters published within the last 20 hours.
 */
function longTopic(): string {
  const now = Date.now();
  const openings = demoArticles(now)
    .filter((a) => a.title && a.publishedAt <= now && now - a.publishedAt < 20 * 3_600_000)
    .map((a) => {
      const words = a.title.split(/\s+/);
      for (let n = Math.min(6, words.length); n > 0; n--) {
        const opening = words.slice(0, n).join(" ");
        if (opening.length <= 60 && /^[A-Za-z0-9 ]+$/.test(opening)) return opening;
      }
      return "";
    });
  const longest = openings.sort((a, b) => b.length - a.length)[0] ?? "";
  if (longest.length < 45) throw new Error(`no long headline in the demo corpus now (longest: "${longest}")`);
  return longest;
}

describe("web delivery in the browser", () => {
  it("lays the article card out on a 390-px phone: chips wrap whole, a long one is cut, nothing overflows", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = await watchForProblems(context, page);
    await startSignedIn(page, server);

    const long = longTopic();
    const words = long.split(" ");
    // Three topics that match the same headline, so its card has several chips, one too long.
    const topics = [long, words.slice(0, 2).join(" "), words[words.length - 1]!];
    const added = await page.evaluate(async (keyTopicsArray) => {
      const response = await fetch("/api/gpt/to_db", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ keyTopicsArray }),
      });
      await fetch("/api/users/set_has_onboarded", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      return response.status;
    }, topics);
    expect(added).toBe(200);
    await waitUntilIdle(server);

    await page.goto(`${server.url}/home`);
    const card = page.locator('[data-testid="feed-article"]', {
      has: page.locator(".chip", { hasText: new RegExp(`^${long}$`, "i") }),
    });
    await card.first().waitFor({ timeout: 15_000 });
    await card.first().scrollIntoViewIfNeeded();
    await screenshot(page, "article-card-390");

    const layout = await card.first().evaluate((article) => {
      const box = article.getBoundingClientRect();
      const chips = Array.from(article.querySelectorAll<HTMLElement>(".chip")).map((chip) => {
        const rect = chip.getBoundingClientRect();
        const style = getComputedStyle(chip);
        return {
          text: chip.textContent ?? "",
          left: rect.left,
          right: rect.right,
          height: rect.height,
          lineHeight: parseFloat(style.lineHeight),
          cut: chip.scrollWidth > chip.clientWidth,
          ellipsis: style.textOverflow,
        };
      });
      return {
        card: { left: box.left, right: box.right, scrollWidth: article.scrollWidth, clientWidth: article.clientWidth },
        page: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth },
        chips,
      };
    });

    expect(layout.page.scrollWidth).toBeLessThanOrEqual(layout.page.clientWidth);
    expect(layout.card.scrollWidth).toBeLessThanOrEqual(layout.card.clientWidth);
    expect(layout.card.right).toBeLessThanOrEqual(390);
    expect(layout.chips.length).toBeGreaterThanOrEqual(3);
    for (const chip of layout.chips) {
      // Inside the card, and one line tall: a chip never breaks across lines.
      expect(chip.left, chip.text).toBeGreaterThanOrEqual(layout.card.left);
      expect(chip.right, chip.text).toBeLessThanOrEqual(layout.card.right + 0.5);
      expect(chip.height, chip.text).toBeLessThan(chip.lineHeight * 2);
    }
    const longChip = layout.chips.find((c) => c.text.toLowerCase() === long.toLowerCase())!;
    expect(longChip.cut).toBe(true);
    expect(longChip.ellipsis).toBe("ellipsis");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads only the login page's code on /login, under a CSP that the app never trips", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = await watchForProblems(context, page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });

    const response = await page.goto(`${server.url}/login`);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
    await page.getByTestId("login-identifier").waitFor();
    await page.waitForLoadState("networkidle");
    // The theme script ran although it is not inline.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);

    expect(scripts.some((s) => /^\/assets\/Login-[\w-]+\.js$/.test(s))).toBe(true);
    for (const other of ["HomePage", "FindPage", "GettingStarted", "Legal"]) {
      expect(
        scripts.filter((s) => s.startsWith(`/assets/${other}-`)),
        other,
      ).toEqual([]);
    }

    // Then through the signed-in pages: still nothing blocked or logged.
    await signUpAndVerify(page, server);
    await page.goto(`${server.url}/home/find`);
    await page.getByTestId("find-page").waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.some((s) => s.startsWith("/assets/FindPage-"))).toBe(true);

    // The local outbox page keeps its one inline style, allowed by hash, and names its icon
    // (without one the browser asks for /favicon.ico, a 404 that came and went with timing).
    await page.goto(`${server.url}/dev/outbox`);
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe("760px");
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect((await page.request.get(`${server.url}${icon}`)).status()).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("serves the build's robots.txt, which keeps crawlers out of the app and the API", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ["/home", "/api", "/dev"]) expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
  });
});
