/// <reference lib="dom" />
import type { Browser, Page, Route } from "playwright-core";
import { it } from "vitest";
import { signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const json = (route: Route, body: unknown) =>
  route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });

async function mock(page: Page, variant: "empty" | "full") {
  const now = Date.now() - 5 * 60_000;
  await page.route("**/api/spotify/api/status", (r) =>
    json(r, variant === "empty" ? { status: "none", name: null, syncedAt: null, tracks: 0, artists: 0 } : { status: "disconnected", name: "Ada Listener", syncedAt: now, tracks: 50, artists: 30 }),
  );
  await page.route("**/api/youtube/api/status", (r) =>
    json(r, variant === "empty" ? { status: "none", name: null, syncedAt: null, channels: 0 } : { status: "connected", name: "Video Watcher with a rather long account name", syncedAt: now, channels: 77 }),
  );
  const chans = Array.from({ length: variant === "empty" ? 0 : 50 }, (_, i) => ({ id: `UC${i}`, id_youtube: `UC${i}`, name: `Channel number ${i} with a name`, image: "" }));
  await page.route("**/api/youtube/top_channels_db/*", (r) => json(r, chans));
  const vids = Array.from({ length: variant === "empty" ? 0 : 3 }, (_, i) => ({ id: `v${i}`, title: `A video title that is quite long indeed number ${i}`, title_url: "https://www.youtube.com/watch?v=x", channel_name: "Lantern Lectures", channel_url: "https://www.youtube.com/channel/UC1" }));
  await page.route("**/api/youtube/from_db/videos/*", (r) => json(r, vids));
  const state = {
    uploadId: "u1", status: "done", bytesRead: 1000, bytesTotal: 1000, entries: 123, message: null,
    topVideosByLatest: [],
    processedVideos: {
      channels: [{ name: "Lantern Lectures", url: "https://youtube.com/c/1", watched: 40 }, { name: "Ридер канал", url: "https://youtube.com/c/2", watched: 12 }],
      videos: Array.from({ length: 60 }, (_, i) => ({ id: `vid${i}`, title: `Watched video ${i} — a longish title to wrap on phones`, title_url: "https://www.youtube.com/watch?v=x", channel_name: "Lantern Lectures", channel_url: "u", watched: 3, lastWatchedAt: new Date().toISOString() })),
    },
  };
  await page.route("**/api/youtube/upload_url", (r) => json(r, { uploadId: "u1", url: `${server.url}/fake-bucket`, fields: { key: "k" } }));
  await page.route("**/fake-bucket", (r) => r.fulfill({ status: 204 }));
  await page.route("**/api/youtube/upload", (r) => json(r, { ...state, status: "processing", bytesRead: 400, entries: 50 }));
  await page.route("**/api/youtube/upload/*", (r) => json(r, state));
}

it("looks", async () => {
  const { context, page } = await signedInPage(browser, server);
  for (const variant of ["full"] as const) {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1200, 390]) {
        const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, storageState: await context.storageState() });
        const p = await ctx.newPage();
        await mock(p, variant);
        await p.goto(`${server.url}/home/tune?tab=media-links&spotify=connected`);
        await p.getByTestId("youtube-link-state").waitFor();
        if (variant === "full") {
          await p.getByTestId("watch-history-file").setInputFiles({ name: "watch-history.json", mimeType: "application/json", buffer: Buffer.from("[]") });
          await p.getByTestId("watch-history-result").waitFor();
          await p.getByTestId("watch-history-video").nth(1).click();
        } else {
          await p.getByTestId("spotify-connect").hover();
        }
        if (variant === "full") {

          await p.getByTestId("watch-history").scrollIntoViewIfNeeded();
          const box = (await p.getByTestId("watch-history").boundingBox())!;
          await p.screenshot({ path: `/tmp/web21/watch-${theme}-${width}.png`, fullPage: true, clip: { x: box.x, y: box.y + (await p.evaluate(() => window.scrollY)), width: box.width, height: Math.min(box.height, 1100) } });
        } else await p.screenshot({ path: `/tmp/web21/${variant}-${theme}-${width}.png` });
        console.log(variant, theme, width, await p.evaluate(() => document.documentElement.scrollWidth));
        await ctx.close();
      }
    }
  }
  await context.close();
});
