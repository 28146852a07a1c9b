/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP } from "../../scripts/audit/viewports.ts";
import { corpus } from "../../packages/core/src/modules/vocabulary/fixtures/corpus.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { K8S_NAMING, K8S_RELATED } from "../support/related-articles.ts";
import { pageApi, screenshot, signedInPage, useOwnServer, waitUntilIdle, type Server } from "./support.ts";
import { muteWordAndSeeItsArticlesLeave } from "./steps/mutes.ts";
import { importAndExportOpml } from "./steps/opml.ts";
import { upgradeToPro } from "./steps/plans.ts";
import {
  arrangeReaderArticles,
  noarchiveOffersPublisher,
  readsArticleStripped,
  titlesOpenPublisherBySetting,
  type ReaderArticles,
} from "./steps/reader.ts";
import { learnRelatedTerms, seesViaChip } from "./steps/related.ts";
import { cardsShowPictures } from "./steps/pictures.ts";
import { checksManifest, readsPicksOffline } from "./steps/offline.ts";
import { arrangeStoryFromThreeSources, seesAlsoCoveredBy, turnsOnAtomFeed } from "./steps/story.ts";

/**
 * The feed beyond exact words, as one person uses it: they bring their feeds from another reader
 * (OPML), see one card per story and articles matched through a topic's own terms ('via'), read
 * their picks from another reader (Atom), mute a word, and read an article inside graph.
 * One sign-up for the whole file: the steps run in order on one signed-in page, each asserting
 * its part (tests/e2e/steps/).
 */

let server: Server;
let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let page: Page;
let story: { title: string; sources: string[] };
let reader: Awaited<ReturnType<typeof signedInPage>>;
let articles: ReaderArticles;

// A runtime of its own, with no demo corpus: every article here comes from the test's own feed
// server, which the runtime may read because private feeds are allowed (the runtime has no
// network), and the terms a topic is matched through are learned from these articles alone.
useOwnServer({ allowPrivateFeeds: true }, (started) => ({ server, browser } = started));
beforeAll(async () => {
  feeds = await startFeedServer();
  ({ page } = await signedInPage(browser, server));
});
afterAll(async () => {
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

  it("shows an article that never names a followed topic, matched through the topic's terms, with a 'via' chip", async () => {
    // A person of their own: the free plan's three refreshes a day are the other steps' to use.
    const { page, context: own } = await signedInPage(browser, server);
    // Two sources graph trusts: one whose articles name Kubernetes (and one that never does), and
    // one of other news, the background its terms are told apart from.
    const item = ([title, summary]: readonly string[], i: number, ageHours: number) => ({
      title: title!,
      summary: summary!,
      link: `https://news.example/${i}-${title!.toLowerCase().replace(/\W+/g, "-")}`,
      ageHours,
    });
    const other = corpus()
      .articles.filter((a) => a.kind === "unrelated" || a.kind === "trap")
      .slice(0, 40)
      .map((a) => [a.title, a.summary] as const);
    feeds.set("/ops.xml", {
      body: rss("Ops Weekly", [...K8S_NAMING.map((a, i) => item(a, i, 2)), item(K8S_RELATED, 90, 1)]),
    });
    feeds.set("/world.xml", {
      body: rss(
        "World Desk",
        other.map((a, i) => item(a, 100 + i, 3)),
      ),
    });
    for (const [path, name] of [
      ["/ops.xml", "Ops Weekly"],
      ["/world.xml", "World Desk"],
    ] as const) {
      const sourceLink = `${feeds.url}${path}`;
      expect((await pageApi(page, "POST", "/api/rss/user_source_suggested_list", { sourceLink })).status).toBe(201);
      await waitUntilIdle(server);
      // An operator trusts it (as a third suggester would): its articles now teach their topics.
      const found = await pageApi<Array<{ id: string; name: string }>>(
        page,
        "GET",
        `/api/rss/source_search?q=${encodeURIComponent(name)}`,
      );
      const source = found.json.find((s) => s.name === name)!;
      expect((await fetch(`${server.url}/api/dev/sources/${source.id}/trust`, { method: "POST" })).status).toBe(200);
    }
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Kubernetes"] })).status).toBe(200);
    await waitUntilIdle(server);
    await learnRelatedTerms(server);
    await waitUntilIdle(server);
    await seesViaChip(page, server, "Kubernetes");
    await screenshot(page, "feed-via-chip");
    await own.close();
  });

  it("shows each card's picture from graph's origin at its size, the excerpt without markup and the reading time", async () => {
    await cardsShowPictures(browser, server, feeds);
  });

  it("gives a private Atom address that any reader can read, and stops it when turned off", async () => {
    const titles = await turnsOnAtomFeed(page, server);
    expect(titles).toContain(story.title);
  });

  it("mutes a word on the feed tab (on pro, whose plan has filters) and the story naming it leaves the feed", async () => {
    await upgradeToPro(page, server);
    await muteWordAndSeeItsArticlesLeave(page, server, "tomatoes");
  });

  it("opens an article from the feed in the reader view with its scripts, frames and handlers stripped", async () => {
    // A person of their own: the steps above have used this one's feed and refreshes. Their
    // browser runs the service worker, which the last step reads offline through.
    reader = await signedInPage(browser, server, DESKTOP, undefined, { serviceWorkers: "allow" });
    articles = await arrangeReaderArticles(reader.page, server, feeds);
    await readsArticleStripped(browser, reader.context, reader.page, server, articles);
  });

  it("offers the publisher's link instead of the text of a page that asks not to be archived", async () => {
    await noarchiveOffersPublisher(reader.page, server, articles);
  });

  it("opens the titles on the publisher's site when the person chooses it on the feed tab", async () => {
    await titlesOpenPublisherBySetting(reader.page, server, articles);
  });

  it("installs: a manifest and a service worker; offline, the last picks and an opened article read, and logging out leaves nothing of the person", async () => {
    await checksManifest(reader.page, server);
    await readsPicksOffline(reader.page, reader.context, server, articles.readable.title);
    await reader.context.close();
  });
});
