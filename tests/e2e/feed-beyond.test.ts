/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedServer } from "../support/feeds.ts";
import { expectAccessible, launchBrowser, screenshot, signedInPage, startServer, type Server } from "./support.ts";
import { muteWordAndSeeItsArticlesLeave } from "./steps/mutes.ts";
import { importAndExportOpml } from "./steps/opml.ts";
import { arrangeStoryFromThreeSources, seesAlsoCoveredBy, turnsOnAtomFeed } from "./steps/story.ts";

/**
 * The feed beyond exact words, as one person uses it: they bring their feeds from another reader
 * (OPML), see one card per story, read their picks from another reader (Atom), and mute a word.
 * One sign-up for the whole file: the steps run in order on one signed-in page, each asserting
 * its part (tests/e2e/steps/).
 */

let server: Server;
let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let context: BrowserContext;
let page: Page;
let story: { title: string; sources: string[] };

beforeAll(async () => {
  // No demo corpus: every article here comes from the test's own feed server, which the runtime
  // may read because private feeds are allowed (the runtime has no network).
  [feeds, server, browser] = await Promise.all([
    startFeedServer(),
    startServer({ allowPrivateFeeds: true }),
    launchBrowser(),
  ]);
  ({ context, page } = await signedInPage(browser, server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await feeds?.close();
});

describe("the feed beyond exact words", () => {
  it("imports an OPML file from another reader, shows each feed's result as it goes, and exports the feeds back", async () => {
    await importAndExportOpml(page, server);
  });

  it("shows a story three sources carry as one card that says 'also covered by', each a link", async () => {
    story = await arrangeStoryFromThreeSources(page, server, feeds);
    await seesAlsoCoveredBy(page, server, story);
    await screenshot(page, "feed-also-covered-by");
  });

  it("gives a private Atom address that any reader can read, and stops it when turned off", async () => {
    const titles = await turnsOnAtomFeed(page, server);
    expect(titles).toContain(story.title);
  });

  it("mutes a word on the feed tab and the story naming it leaves the feed", async () => {
    await muteWordAndSeeItsArticlesLeave(page, server, "tomatoes");
  });

  it("keeps the feed tab accessible with its new sections filled, on desktop and phone in both themes", async () => {
    await expectAccessible(browser, server, context, "/home/tune?tab=feed", '[data-testid="muted-word"]');
  });
});
