/// <reference lib="dom" />
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE } from "../../scripts/audit/viewports.ts";
import {
  collectAlerts,
  newPerson,
  pageApi,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

/**
 * Two people find each other, as the profile issue's journey goes: A uploads a photo through the
 * profile tab and reorders their public page; B opens it anonymously, signs in, sees what they
 * share, follows A, sees A's photo and order after a reload, and then A's picks on the following
 * tab once A has a feed session; A's own page lists B as a follower.
 */
let server: Server;
let browser: Browser;
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

/** The sections of the public page, top to bottom. */
const sectionsShown = (page: Page) =>
  page.getByTestId("profile-section").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-section")));

/** The settings page's section order, top to bottom. */
const orderShown = (page: Page) =>
  page.getByTestId("profile-order-row").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-section")));

/** The public page's photos that have loaded, by their natural width (0 while not loaded). */
const photoWidths = (page: Page) =>
  page
    .locator('[data-testid="profile-page"] [data-testid="profile-photos"] img')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLImageElement).naturalWidth));

/** A photo made here (not a canvas in the page), as a person's file: blue, with a white square. */
async function photoFile() {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#2255aa" } })
    .composite([
      {
        input: await sharp({ create: { width: 32, height: 32, channels: 3, background: "#ffffff" } })
          .png()
          .toBuffer(),
        left: 12,
        top: 12,
      },
    ])
    .jpeg()
    .toBuffer();
  return { name: "me.jpg", mimeType: "image/jpeg", buffer };
}

// The journey's people, shared by its steps (which run in order).
let a: Awaited<ReturnType<typeof signedInPage>>;
let aAlerts: string[];
const b = newPerson();
let bContext: BrowserContext;
let bPage: Page;

describe("the social journey in the browser", () => {
  it("A uploads a photo through the profile tab, with progress, and moves thoughts to the top of the page", async () => {
    a = await signedInPage(browser, server);
    aAlerts = await collectAlerts(a.page);
    // A's interests (one shared with B later) and a thought, so the public page has sections.
    expect(
      (
        await pageApi(a.page, "POST", "/api/gpt/to_db", {
          keyTopicsArray: ["Machine Learning", "Sourdough Baking", "Jazz", "Formula 1", "Climate Policy"],
        })
      ).status,
    ).toBe(200);
    expect(
      (await pageApi(a.page, "POST", "/api/thoughts/to_db", { title: "Practice", content: "Scales every morning." }))
        .status,
    ).toBe(201);

    await a.page.goto(`${server.url}/home/tune?tab=profile`);
    const photos = a.page.getByTestId("profile-photos");
    await expect.poll(() => photos.getByRole("heading").innerText()).toBe("photos 0/50");
    await expect.poll(() => photos.getByText("no photos yet").count()).toBe(1);

    // The bucket's answer is held until the progress has been seen (a small file on this machine
    // is sent faster than a person could see it otherwise).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const toBucket = (url: URL) => url.origin === new URL(server.url).origin && !url.pathname.startsWith("/api/");
    let bucketPosts = 0;
    const hold = async (route: Route) => {
      if (route.request().method() !== "POST") return route.fallback();
      bucketPosts++;
      await released;
      return route.fallback();
    };
    await a.page.route(toBucket, hold);

    await a.page.getByTestId("profile-photos-input").setInputFiles(await photoFile());
    const progress = a.page.getByTestId("profile-photos-progress");
    await progress.waitFor();
    expect(await progress.innerText()).toMatch(/^uploading\.\.\. \d{1,3}%$/);
    expect(await progress.locator("progress").getAttribute("max")).toBe("100");
    // The file input waits while a batch is on its way.
    expect(await a.page.getByTestId("profile-photos-input").isDisabled()).toBe(true);
    await expect.poll(() => bucketPosts).toBe(1);
    release();
    await a.page.unroute(toBucket, hold);

    // Done: the progress goes, the photo is listed and shown from its thumbnail.
    await progress.waitFor({ state: "detached" });
    await expect.poll(() => photos.getByRole("heading").innerText()).toBe("photos 1/50");
    const thumb = a.page.getByTestId("profile-photos-list").locator("img");
    await expect.poll(() => thumb.count()).toBe(1);
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await thumb.getAttribute("alt")).toBe("me.jpg");
    expect(await a.page.getByTestId("profile-photos-problem").count()).toBe(0);
    expect(await a.page.getByTestId("profile-photos-blocked").count()).toBe(0);
    expect(await a.page.getByTestId("profile-photos-input").isDisabled()).toBe(false);

    // Thoughts moved from below topics to the top with the arrow buttons, then saved.
    await expect.poll(() => orderShown(a.page)).toContain("thoughts");
    const start = (await orderShown(a.page)).indexOf("thoughts");
    expect(start).toBeGreaterThan((await orderShown(a.page)).indexOf("topics"));
    for (let at = start; at > 0; at--) {
      await a.page.getByTestId("profile-order-up-thoughts").click();
      await expect.poll(async () => (await orderShown(a.page)).indexOf("thoughts")).toBe(at - 1);
    }
    await a.page.getByTestId("profile-order-save").click();
    await expect.poll(() => a.page.getByTestId("profile-order-save").getAttribute("data-state")).toBe("success");
    expect(aAlerts).toEqual([]);

    await a.page.getByTestId("profile-photos").scrollIntoViewIfNeeded();
    await screenshot(a.page, "social-profile-tab-photo");
  });

  it("B, not signed in, is asked to log in to see mutual interests and to message", async () => {
    // B's account exists (with one interest in common with A) but this browser is not signed in.
    const signup = await signedInPage(browser, server, DESKTOP, b);
    expect((await pageApi(signup.page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Jazz", "Pottery"] })).status).toBe(
      200,
    );
    await signup.context.close();

    bContext = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
    bPage = await bContext.newPage();
    await bPage.goto(`${server.url}/${a.person.username}`);
    const actions = bPage.getByTestId("profile-actions");
    await expect.poll(() => actions.getAttribute("data-viewer")).toBe("anonymous");
    const login = bPage.getByTestId("overlap-login");
    expect(await login.innerText()).toBe("log in to see mutual interests!");
    const message = bPage.getByTestId("message-button");
    expect(await message.innerText()).toBe("please log in to message");
    expect(await message.isDisabled()).toBe(true);
    expect(await bPage.getByTestId("follow-toggle").count()).toBe(0);
    expect(await bPage.getByTestId("see-following").count()).toBe(0);

    // The link leads to the login screen; B signs in there.
    await login.click();
    await bPage.waitForURL(/\/login$/);
    await bPage.getByTestId("login-identifier").fill(b.email);
    await bPage.getByTestId("login-password").fill(b.password);
    await bPage.getByTestId("login-submit").click();
    await bPage.waitForURL((url) => url.pathname !== "/login");
  });

  it("B, signed in, sees what they share with A, follows A, and sees A's photo and order after a reload", async () => {
    const bAlerts = await collectAlerts(bPage);
    await bPage.goto(`${server.url}/${a.person.username}`);
    const actions = bPage.getByTestId("profile-actions");
    await expect.poll(() => actions.getAttribute("data-viewer")).toBe("visitor");
    await expect.poll(() => bPage.getByTestId("overlap-count").innerText()).toBe("1 mutual interest");
    expect(await bPage.getByTestId("compatibility-top").innerText()).toContain("Jazz");
    const message = bPage.getByTestId("message-button");
    expect(await message.innerText()).toBe("message");
    expect(await message.isDisabled()).toBe(false);

    // What they share, in a dialog that Escape closes.
    await bPage.getByTestId("overlap-count").click();
    const overlap = bPage.getByTestId("overlap-modal");
    await expect.poll(() => overlap.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await overlap.locator(".chip").allInnerTexts()).toEqual(["Jazz"]);
    await bPage.keyboard.press("Escape");
    await expect.poll(() => overlap.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);

    // Follow: the button changes at once, and stays changed after a reload.
    const toggle = bPage.getByTestId("follow-toggle");
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.innerText()).toBe("follow");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    const followed = bPage.waitForResponse((r) => r.url().endsWith("/api/users/follow"));
    await toggle.click();
    await expect.poll(() => toggle.innerText()).toBe("unfollow");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect((await followed).status()).toBe(200);

    await bPage.reload();
    await expect.poll(() => bPage.getByTestId("follow-toggle").isEnabled()).toBe(true);
    expect(await bPage.getByTestId("follow-toggle").innerText()).toBe("unfollow");

    // A's photo and A's order, as A left them.
    await expect.poll(() => photoWidths(bPage)).toEqual([expect.any(Number)]);
    await expect.poll(async () => (await photoWidths(bPage))[0]).toBeGreaterThan(0);
    await expect.poll(() => sectionsShown(bPage)).toEqual(["thoughts", "topics"]);
    expect(bAlerts).toEqual([]);
    await screenshot(bPage, "social-profile-visitor");

    // The same page on a phone: one column, nothing wider than the screen.
    const phone = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      storageState: await bContext.storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/${a.person.username}`);
    await expect.poll(() => phonePage.getByTestId("overlap-count").innerText()).toBe("1 mutual interest");
    await expect.poll(async () => (await photoWidths(phonePage))[0] ?? 0).toBeGreaterThan(0);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, "social-profile-visitor-390");
    await phone.close();
  });

  it("A's own page offers to edit the profile and lists B among the followers", async () => {
    await a.page.goto(`${server.url}/${a.person.username}`);
    const actions = a.page.getByTestId("profile-actions");
    await expect.poll(() => actions.getAttribute("data-viewer")).toBe("owner");
    expect(await a.page.getByTestId("edit-profile").innerText()).toBe("edit your profile");
    expect(await a.page.getByTestId("edit-profile").getAttribute("href")).toBe("/home/tune?tab=profile");
    const message = a.page.getByTestId("message-button");
    expect(await message.innerText()).toBe("this is your profile");
    expect(await message.isDisabled()).toBe(true);
    expect(await a.page.getByTestId("follow-toggle").count()).toBe(0);

    const seeFollowing = a.page.getByTestId("see-following");
    expect(await seeFollowing.innerText()).toBe("see following");
    await seeFollowing.click();
    const modal = a.page.getByTestId("following-modal");
    await expect.poll(() => modal.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    const followers = modal.getByTestId("followers-list");
    await expect.poll(() => followers.getByRole("link").allInnerTexts()).toEqual([b.username]);
    expect(await followers.getByRole("link").getAttribute("href")).toBe(`/${b.username}`);
    expect(await followers.getByRole("heading").innerText()).toBe("followers (1)");
    expect(await modal.getByTestId("following-list").getByRole("heading").innerText()).toBe("following (0)");
    await screenshot(a.page, "social-profile-own-following");
    await a.page.keyboard.press("Escape");
    await expect.poll(() => modal.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    // Focus goes back to the button that opened it.
    await expect.poll(() => seeFollowing.evaluate((n) => n === document.activeElement)).toBe(true);

    // To the profile tab and back without leaving the app: each page keeps its own photo layout
    // with both pages' styles loaded.
    await a.page.getByTestId("edit-profile").click();
    await a.page.waitForURL(/\/home\/tune\?tab=profile$/);
    const tunePhotos = a.page.getByTestId("profile-photos");
    await tunePhotos.getByTestId("profile-photos-list").waitFor();
    const widths = await tunePhotos.evaluate((section) => ({
      section: section.clientWidth,
      form: section.querySelector(".tune-form")!.getBoundingClientRect().width,
      list: section.querySelector("ul")!.getBoundingClientRect().width,
    }));
    expect(widths.form).toBeCloseTo(widths.list, 0);
    await a.page.goBack();
    const gallery = a.page.locator('[data-testid="profile-page"] [data-testid="profile-photos"]');
    const columns = () =>
      gallery
        .locator("div")
        .first()
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
    await expect.poll(columns).toBe(3);
    await a.page.getByTestId("profile-photos-mode").click();
    await expect.poll(() => gallery.getAttribute("data-mode")).toBe("expanded");
    expect(await columns()).toBe(1);
    await a.page.getByTestId("profile-photos-mode").click();
    await expect.poll(columns).toBe(3);

    await a.page.reload();
    await expect.poll(async () => (await photoWidths(a.page))[0] ?? 0).toBeGreaterThan(0);
    await screenshot(a.page, "social-profile-own");
    const phone = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      storageState: await a.context.storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/${a.person.username}`);
    await expect.poll(() => phonePage.getByTestId("profile-actions").getAttribute("data-viewer")).toBe("owner");
    await expect.poll(async () => (await photoWidths(phonePage))[0] ?? 0).toBeGreaterThan(0);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, "social-profile-own-390");
    await phone.close();

    expect(aAlerts).toEqual([]);
  });

  it("B's following tab shows A's picks once A has a feed session", async () => {
    // A opens their feed: the session it stores reaches followers (possibly through a queue).
    await a.page.goto(`${server.url}/home`);
    await a.page.locator('[data-testid="feed"][data-preparing="false"]').waitFor({ timeout: 60_000 });
    await a.page.getByTestId("feed-article").first().waitFor({ timeout: 30_000 });

    await expect
      .poll(async () => (await pageApi<unknown[]>(bPage, "GET", "/api/feed/following")).json.length)
      .toBeGreaterThan(0);
    await bPage.goto(`${server.url}/home?tab=following`);
    const session = bPage.getByTestId("friend-session").first();
    await session.waitFor();
    expect(await session.getAttribute("data-user-id")).toBe(a.userId);
    expect(await session.innerText()).toContain(a.person.username);
    // A's primary photo is the session's picture.
    await expect
      .poll(() => session.locator("img.avatar").evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const picks = session.getByTestId("friend-pick");
    await expect.poll(() => picks.count()).toBeGreaterThan(0);
    expect(await picks.count()).toBeLessThanOrEqual(4);
    await screenshot(bPage, "social-following-tab");
    await bContext.close();
    await a.context.close();
  }, 120_000);
});
