/// <reference lib="dom" />
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { takeoutFile, takeoutHtml } from "../support/takeout.ts";
import {
  SERVER_ERROR,
  collectAlerts,
  onPhoneInEachTheme,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const MEDIA = "/home/tune?tab=media";
/** The artist the stand-in's Ada and Ben both listen to. */
const SHARED_ARTIST = "The Northern Lanterns";

/** Opens the media tab and waits until both links have been read. */
async function openMedia(page: Page, path = MEDIA) {
  await page.goto(`${server.url}${path}`);
  await page.getByTestId("media-links").waitFor();
  await page.getByTestId("spotify-link-state").waitFor();
  await page.getByTestId("youtube-link-state").waitFor();
}

const linkState = (page: Page, service: "spotify" | "youtube") => page.getByTestId(`${service}-link-state`).innerText();

/** Connects Spotify as one of the stand-in's listeners, from the media tab, and comes back to it. */
async function connectSpotify(page: Page, listener = "Ada Listener", shot?: string) {
  await page.getByTestId("spotify-connect").click();
  await page.waitForURL(/\/_spotify\/authorize\?/);
  await page.getByLabel(listener, { exact: true }).check();
  if (shot) await screenshot(page, shot);
  await page.getByTestId("spotify-allow").click();
  await page.waitForURL(/\/home\/tune\?tab=media-links/);
  await expect.poll(() => linkState(page, "spotify")).toBe("connected");
}

/** Records every `window.open` the page makes (its address, name and features), calling through. */
async function recordPopups(context: BrowserContext) {
  await context.addInitScript(() => {
    const opens: string[][] = [];
    (window as unknown as { __opens: string[][] }).__opens = opens;
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      opens.push([String(url), target ?? "", features ?? ""]);
      return open(url, target, features);
    };
  });
}
const popupsOpened = (page: Page) => page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens);

/** Connects YouTube in the sign-in popup as `email`; the popup closes itself once linked. */
async function connectYoutube(page: Page, email: string, shot?: string) {
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("youtube-connect").click()]);
  await popup.waitForURL(/\/_google\/authorize\?/);
  await popup.getByTestId("google-email").fill(email);
  await popup.getByTestId("google-name").fill("Video Watcher");
  if (shot) await screenshot(popup, shot);
  const closed = popup.waitForEvent("close");
  await popup.getByTestId("google-continue").click();
  await closed;
}

const profileSection = (page: Page, section: string) =>
  page.locator(`[data-testid="profile-section"][data-section="${section}"]`);

const profileItems = (page: Page, section: string) =>
  profileSection(page, section)
    .getByTestId("profile-item")
    .evaluateAll((items) => items.map((item) => item.textContent ?? ""));

const channelNames = (page: Page) =>
  page
    .getByTestId("channel-item")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-title") ?? ""))
    .catch(() => [] as string[]);

const channelId = (n: number) => `UC${String(n).padStart(22, "0")}`;

/** A Takeout `subscriptions.csv` of `rows` channels. */
function subscriptionsCsv(rows: number, from = 1) {
  const lines = ["Channel Id,Channel Url,Channel Title"];
  for (let i = from; i < from + rows; i++)
    lines.push(`${channelId(i)},http://www.youtube.com/channel/${channelId(i)},"Imported channel ${i}, on video"`);
  return `${lines.join("\n")}\n`;
}

/**
 * A small Takeout `watch-history.json` (the shared generator's: ads, removed videos, YouTube
 * Music plays, Takeout's escapes) in French wording, and what an import of it must find.
 */
const watchHistory = (entries: number, videos: number) =>
  takeoutFile({ entries, videos, channels: 6, language: "fr", ads: 0.05, removed: 0.05, music: 0.05, seed: 11 });

/** Chooses a file for an import panel, as the file picker would. */
const choose = (page: Page, panel: string, name: string, text: string | Buffer, mimeType = "application/json") =>
  page.getByTestId(`${panel}-file`).setInputFiles({ name, mimeType, buffer: Buffer.from(text) });

/** Drops a file on an import panel. */
async function drop(page: Page, panel: string, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content], fileName));
      return data;
    },
    [name, text] as const,
  );
  await page.getByTestId(`${panel}-drop`).dispatchEvent("drop", { dataTransfer: transfer });
}

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("media links in the browser", () => {
  it("connects Spotify at the stand-in, comes back to the links, fills the public page, shows a revoked grant, reconnects and unlinks", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    await openMedia(page);
    expect(await linkState(page, "spotify")).toBe("not connected");
    // The connect is wrapped in the early-access note, for pointers and for screen readers.
    const connect = page.getByTestId("spotify-connect");
    expect(await connect.locator("xpath=..").getAttribute("data-tooltip")).toMatch(/all users.*early access/i);
    expect(
      await connect.evaluate((a) => document.getElementById(a.getAttribute("aria-describedby")!)?.textContent),
    ).toMatch(/early access/);
    await connect.hover();
    await screenshot(page, "media-links-empty");
    // A full-page navigation to the API, carrying the person and where to come back to.
    const href = new URL((await connect.getAttribute("href"))!, server.url);
    expect(href.pathname).toBe("/api/spotify/api/login");
    expect(JSON.parse(href.searchParams.get("state")!)).toEqual({
      userId: await page.evaluate(
        async () => ((await (await fetch("/api/check_auth")).json()) as { userId: string }).userId,
      ),
      redirect: "/home/tune?tab=media-links",
    });

    await connectSpotify(page, "Ada Listener", "media-links-spotify-consent");
    // Back on the media tab, at its links, with what came of it; the address no longer says so.
    expect(await page.getByTestId("tune-tab-media").getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByTestId("spotify-link-message").innerText()).toMatch(/Spotify is connected/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("media links");
    await expect.poll(() => new URL(page.url()).searchParams.get("spotify")).toBeNull();
    const card = page.getByTestId("spotify-link");
    expect(await card.getByTestId("link-name").innerText()).toBe("Ada Listener");
    expect(await card.getByTestId("link-counts").innerText()).toMatch(/^\d+ tracks, \d+ artists$/);
    expect(await card.innerText()).toContain("just now");
    await screenshot(page, "media-links-spotify-connected");

    // Top tracks and artists on the public page, with their pictures.
    await page.goto(`${server.url}/${person.username}`);
    await expect.poll(async () => (await profileItems(page, "tracks")).length).toBeGreaterThan(0);
    await expect.poll(() => profileItems(page, "artists")).toContainEqual(expect.stringContaining(SHARED_ARTIST));
    await screenshot(page, "media-links-public-spotify");

    // The grant is removed at Spotify: the next sync finds out, and the tab says so.
    expect((await post("/_spotify/dev/revoke", { listener: "Ada Listener" })).status).toBe(200);
    expect((await post("/api/dev/jobs/media-resync", {})).status).toBe(200);
    await openMedia(page);
    expect(await linkState(page, "spotify")).toBe("access removed");
    expect(await page.getByTestId("spotify-disconnected").innerText()).toMatch(/removed at Spotify/);
    await screenshot(page, "media-links-spotify-revoked");
    await page.getByTestId("spotify-connect").click();
    await page.waitForURL(/\/_spotify\/authorize\?/);
    await page.getByTestId("spotify-allow").click();
    await page.waitForURL(/\/home\/tune\?tab=media-links/);
    await expect.poll(() => linkState(page, "spotify")).toBe("connected");

    // A refused Spotify sign-in comes back with an error.
    await page.getByTestId("spotify-logout").click();
    await expect.poll(() => page.getByTestId("spotify-link-message").innerText()).toContain("Logged out of Spotify");
    await expect.poll(() => linkState(page, "spotify")).toBe("not connected");
    await page.getByTestId("spotify-connect").click();
    await page.waitForURL(/\/_spotify\/authorize\?/);
    await page.getByTestId("spotify-cancel").click();
    await page.waitForURL(/\/home\/tune\?tab=media-links/);
    await expect.poll(() => page.getByTestId("spotify-link-message").innerText()).toMatch(/could not be connected/);
    expect(await linkState(page, "spotify")).toBe("not connected");

    // Unlinked: the public page has no tracks or artists left.
    await page.goto(`${server.url}/${person.username}`);
    await page.getByTestId("profile-page").waitFor();
    expect(await profileItems(page, "tracks")).toEqual([]);
    expect(await profileItems(page, "artists")).toEqual([]);
    await context.close();
  });

  it("connects YouTube in a 500x740 popup and shows the channels without a reload; a blocked popup and logout say so", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    await recordPopups(context);
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await openMedia(page);
    expect(await linkState(page, "youtube")).toBe("not connected");
    expect(await channelNames(page)).toEqual([]);

    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await connectYoutube(page, person.email, "media-links-youtube-chooser");
    // The opener heard the popup (and logged it), and shows the link and the channels in place.
    await expect.poll(() => linkState(page, "youtube")).toBe("connected");
    await expect.poll(async () => (await channelNames(page)).length).toBeGreaterThan(0);
    expect(navigations).toBe(0);
    expect(logs).toContain("youtube-auth-success");
    const [opened] = await popupsOpened(page);
    expect(opened![1]).toBe("youtube-auth");
    expect(opened![2]).toBe("width=500,height=740");
    const url = new URL(opened![0]!, server.url);
    expect(url.pathname).toBe("/api/youtube/api/login");
    expect(JSON.parse(url.searchParams.get("state")!)).toMatchObject({ redirect: "/oauth/youtube/success" });
    // The link counts every channel it brought; the list shows the newest of them.
    const count = Number(await page.getByTestId("channels").locator(".tune-section__count").innerText());
    expect(count).toBeGreaterThanOrEqual((await channelNames(page)).length);
    expect(await page.getByTestId("youtube-link").getByTestId("link-counts").innerText()).toBe(
      `${count} channel${count === 1 ? "" : "s"}`,
    );
    // The first channel's thumbnail loads from graph's own origin, through the picture proxy.
    const thumbnail = page.getByTestId("channel-item").first().locator("img");
    expect(new URL(await thumbnail.evaluate((img) => (img as HTMLImageElement).src)).origin).toBe(
      new URL(server.url).origin,
    );
    await expect
      .poll(() =>
        thumbnail.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, "media-links-youtube-connected");

    // On the public page.
    await page.goto(`${server.url}/${person.username}`);
    await expect.poll(async () => (await profileItems(page, "youtubeChannels")).length).toBeGreaterThan(0);

    // A channel deleted leaves the list (and a failed delete puts it back, saying so).
    await openMedia(page);
    await expect.poll(async () => (await channelNames(page)).length).toBeGreaterThan(0);
    const [first] = await channelNames(page);
    await page.route("**/api/youtube/channel", (route: Route) =>
      route.request().method() === "DELETE" ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await page.getByRole("button", { name: `delete ${first}`, exact: true }).click();
    await expect
      .poll(() => page.getByTestId("channels-problem").innerText())
      .toContain("Failed to delete the channel.");
    await expect.poll(() => channelNames(page)).toContain(first);
    await page.unroute("**/api/youtube/channel");
    await page.getByRole("button", { name: `delete ${first}`, exact: true }).click();
    await expect.poll(() => channelNames(page)).not.toContain(first);

    // Logout fails, then holds: the spec's words each time, and the account's channels go.
    await page.route("**/api/youtube/api/logout", (route: Route) => route.fulfill(SERVER_ERROR));
    await page.getByTestId("youtube-logout").click();
    await expect.poll(() => page.getByTestId("youtube-link-message").innerText()).toBe("Logout failed");
    expect(await linkState(page, "youtube")).toBe("connected");
    await page.unroute("**/api/youtube/api/logout");
    await page.getByTestId("youtube-logout").click();
    await expect.poll(() => page.getByTestId("youtube-link-message").innerText()).toBe("Logged out of YouTube");
    await expect.poll(() => linkState(page, "youtube")).toBe("not connected");
    await expect.poll(() => channelNames(page)).toEqual([]);

    // A blocked popup: the spec's alert, and nothing else happens.
    const alerts = await collectAlerts(page);
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByTestId("youtube-connect").click();
    await expect.poll(() => alerts).toEqual(["Popup blocked. Please allow popups for this site."]);
    expect(await linkState(page, "youtube")).toBe("not connected");
    await context.close();
  });

  it("the popup's last page: tells only its opener, goes home without one, and says when linking failed", async () => {
    const { context, page } = await signedInPage(browser, server);
    // Opened on its own: to /home.
    await page.goto(`${server.url}/oauth/youtube/success`);
    await page.waitForURL(new RegExp(`^${server.url}/home$`));
    await page.goto(`${server.url}/oauth/youtube/success?error=1`);
    await expect
      .poll(() => page.getByTestId("youtube-auth-failed").innerText())
      .toMatch(/connecting your YouTube account failed/i);
    await screenshot(page, "media-links-youtube-failed");

    // Opened by the media tab: the message goes to the opener, with this site as its target, and it closes.
    await openMedia(page);
    const heard = page.evaluate(
      () =>
        new Promise<{ data: unknown; origin: string }>((resolve) =>
          window.addEventListener("message", (event) => resolve({ data: event.data, origin: event.origin }), {
            once: true,
          }),
        ),
    );
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate(() => void window.open("/oauth/youtube/success", "youtube-auth", "width=500,height=740")),
    ]);
    await popup.waitForEvent("close");
    expect(await heard).toEqual({ data: "youtube-auth-success", origin: server.url });
    // Linking failed: the opener hears that, and the popup stays to say so.
    const [failed] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate(() => void window.open("/oauth/youtube/success?error=1", "youtube-auth", "width=500,height=740")),
    ]);
    await failed.getByTestId("youtube-auth-failed").waitFor();
    await expect.poll(() => page.getByTestId("youtube-link-message").innerText()).toMatch(/could not be connected/);
    await failed.close();
    await context.close();
  });

  it("imports a Takeout subscriptions.csv of 1,500 channels in batches of at most 1,000", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);
    await choose(page, "subscriptions", "subscriptions.json", "{}", "application/json");
    await expect
      .poll(() => page.getByTestId("subscriptions-problem").innerText())
      .toBe("Please upload a valid CSV file (max 2MB).");

    const sizes: number[] = [];
    await page.route("**/api/youtube/channels/import", async (route: Route) => {
      sizes.push((route.request().postDataJSON() as { channels: unknown[] }).channels.length);
      await route.fallback();
    });
    await choose(page, "subscriptions", "subscriptions.csv", subscriptionsCsv(1500), "text/csv");
    await expect
      .poll(() =>
        page
          .getByTestId("subscriptions-summary")
          .innerText()
          .catch(() => ""),
      )
      .toMatch(/1,500 channels added/);
    expect(sizes).toEqual([1000, 500]);
    await expect.poll(() => page.getByTestId("channels").locator(".tune-section__count").innerText()).toBe("1500");
    // The list is read a page at a time: "show more" asks the server for the next page after the first.
    await expect.poll(() => page.getByTestId("channel-item").count()).toBe(20);
    const firstIds = await page.getByTestId("channel-item").evaluateAll((items) => items.map((i) => i.dataset.id));
    const nextPage = page.waitForRequest((request) => /\/api\/youtube\/channels\?.*cursor=/.test(request.url()));
    await page.getByTestId("channel-list-more").click();
    await nextPage;
    await expect.poll(() => page.getByTestId("channel-item").count()).toBe(40);
    const ids = await page.getByTestId("channel-item").evaluateAll((items) => items.map((i) => i.dataset.id));
    expect(ids.slice(0, 20)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(40);
    await expect.poll(() => page.getByTestId("channel-list-more").innerText()).toMatch(/40 of 1,500 shown/);
    await screenshot(page, "media-links-subscriptions");

    // The same file again: nothing new.
    await choose(page, "subscriptions", "subscriptions.csv", subscriptionsCsv(10), "text/csv");
    await expect
      .poll(() =>
        page
          .getByTestId("subscriptions-summary")
          .innerText()
          .catch(() => ""),
      )
      .toMatch(/0 channels added.*10 already on your list/);
    await context.close();
  });

  it("imports a Takeout watch history with progress, picks videos, shows them on the profile, deletes one", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    await openMedia(page);

    // Files it refuses before sending anything, chosen or dropped, in the spec's words.
    const INVALID = "Please upload a valid .json file (max 15MB).";
    await choose(page, "watch-history", "watch-history.html", "<html></html>", "text/html");
    await expect.poll(() => page.getByTestId("watch-history-problem").innerText()).toBe(INVALID);
    await drop(page, "watch-history", "notes.txt", "not json");
    await expect.poll(() => page.getByTestId("watch-history-problem").innerText()).toBe(INVALID);
    await choose(page, "watch-history", "watch-history.json", Buffer.alloc(15 * 1024 * 1024 + 1, " "));
    await expect.poll(() => page.getByTestId("watch-history-problem").innerText()).toBe(INVALID);

    // The first read of its state waits until the progress has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let polls = 0;
    await page.route("**/api/youtube/upload/*", async (route: Route) => {
      if (++polls === 1) await held;
      await route.fallback();
    });
    const file = watchHistory(80, 30);
    expect(file.expected.skipped.ads + file.expected.skipped.removed + file.expected.skipped.music).toBeGreaterThan(0);
    await choose(page, "watch-history", "watch-history.json", file.text);
    const bar = page.getByTestId("watch-history-progress").getByRole("progressbar");
    await bar.waitFor();
    expect(await bar.getAttribute("aria-valuemin")).toBe("0");
    expect(await bar.getAttribute("aria-valuemax")).toBe("100");
    expect(await page.getByTestId("watch-history-progress").innerText()).toMatch(/watch-history\.json/);
    await screenshot(page, "media-links-watch-progress");
    release();

    const result = page.getByTestId("watch-history-result");
    await result.waitFor({ timeout: 60_000 });
    await page.unroute("**/api/youtube/upload/*");
    // Every video watched, once each, newest first; no ad, removed video or song among them.
    const videos = result.getByTestId("watch-history-latest").getByTestId("watch-history-video");
    // Shown a page at a time.
    const more = result.getByTestId("watch-history-latest-more");
    while ((await more.count()) > 0) await more.click();
    const ids = await videos.evaluateAll((labels) => labels.map((l) => l.getAttribute("data-id")!));
    expect(new Set(ids)).toEqual(new Set(file.expected.videos.keys()));
    const newest = [...file.expected.videos.values()].sort((a, b) => b.lastWatchedAt - a.lastWatchedAt)[0]!;
    expect(ids[0]).toBe(newest.id);
    const [topChannel] = [...file.expected.channels.values()].sort((a, b) => b.watched - a.watched);
    expect(await result.getByTestId("watch-history-channels").locator("li").first().innerText()).toContain(
      topChannel!.name,
    );

    const total = file.expected.videos.size;
    await result.getByTestId("watch-history-all").click();
    expect(await result.getByTestId("watch-history-picked").innerText()).toBe(`${total} of ${total} picked`);
    await result.getByTestId("watch-history-none").click();
    expect(await result.getByTestId("watch-history-picked").innerText()).toBe(`0 of ${total} picked`);
    expect(await result.getByTestId("watch-history-save").isDisabled()).toBe(true);
    await videos.nth(0).click();
    await videos.nth(3).click();
    expect(await result.getByTestId("watch-history-picked").innerText()).toBe(`2 of ${total} picked`);
    await screenshot(page, "media-links-watch-pick");
    await result.getByTestId("watch-history-save").click();
    await expect.poll(() => result.getByTestId("watch-history-saved").innerText()).toMatch(/2 videos added/);
    await expect.poll(() => page.getByTestId("video-item").count()).toBe(2);
    const picked = [ids[0], ids[3]].sort();
    expect(
      (await page.getByTestId("video-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-id")))).sort(),
    ).toEqual(picked);

    // On the public page.
    await page.goto(`${server.url}/${person.username}`);
    await expect.poll(async () => (await profileItems(page, "youtubeVideos")).length).toBe(2);

    // A failed delete puts it back with the spec's words; then it holds.
    await openMedia(page);
    await expect.poll(() => page.getByTestId("video-item").count()).toBe(2);
    await page.route("**/api/youtube/video", (route: Route) =>
      route.request().method() === "DELETE" ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await page.getByTestId("video-delete").first().click();
    await expect.poll(() => page.getByTestId("videos-problem").innerText()).toContain("Failed to delete the video.");
    await expect.poll(() => page.getByTestId("video-item").count()).toBe(2);
    await page.unroute("**/api/youtube/video");
    await page.getByTestId("video-delete").first().click();
    await expect.poll(() => page.getByTestId("video-item").count()).toBe(1);
    await openMedia(page);
    await expect.poll(() => page.getByTestId("video-item").count()).toBe(1);

    // A Takeout exported as HTML: the worker's words.
    await choose(page, "watch-history", "watch-history.json", takeoutHtml(3));
    await expect
      .poll(() => page.getByTestId("watch-history-problem").innerText(), { timeout: 60_000 })
      .toMatch(/HTML/i);
    await context.close();
  });

  it("two people who both listen to the same artist see it among their mutual interests", async () => {
    const [ada, ben] = await Promise.all([signedInPage(browser, server), signedInPage(browser, server)]);
    await openMedia(ada.page);
    await connectSpotify(ada.page, "Ada Listener");
    await openMedia(ben.page);
    await connectSpotify(ben.page, "Ben Listener");

    await ben.page.goto(`${server.url}/${ada.person.username}`);
    const count = ben.page.getByTestId("overlap-count");
    await count.waitFor();
    expect(await count.innerText()).not.toBe("0 mutual interests");
    expect(await ben.page.getByTestId("compatibility-score").innerText()).toMatch(/\d+\/100 compatible/);
    await count.click();
    const artists = ben.page.getByTestId("overlap-modal").getByTestId("overlap-artists");
    await expect.poll(() => artists.innerText().catch(() => "")).toContain(SHARED_ARTIST);
    await screenshot(ben.page, "media-links-mutual-artist");
    await ada.context.close();
    await ben.context.close();
  });

  it("works at 390 px in both themes with both links made and channels listed", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    await openMedia(page);
    await connectSpotify(page, "Cleo Listener");
    await connectYoutube(page, person.email);
    await expect.poll(() => linkState(page, "youtube")).toBe("connected");

    await onPhoneInEachTheme(browser, context, "media-links", async (phone) => {
      await openMedia(phone, "/home/tune?tab=media-links");
      await expect.poll(() => linkState(phone, "spotify")).toBe("connected");
      await expect.poll(() => linkState(phone, "youtube")).toBe("connected");
      await expect.poll(async () => (await channelNames(phone)).length).toBeGreaterThan(0);
      await choose(phone, "watch-history", "watch-history.json", watchHistory(20, 8).text);
      await phone.getByTestId("watch-history-result").waitFor({ timeout: 60_000 });
    });
    await context.close();
  });
});
