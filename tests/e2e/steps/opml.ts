/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { parseOpml } from "@graph/core/lib/syndication";
import { rss, startFeedServer } from "../../support/feeds.ts";
import { screenshot, type Server } from "../support.ts";

/** Polls that wait for the server (a busy machine may take seconds), never a fixed time. */
const WAIT = { timeout: 60_000 };

/** Each feed shown in the import's results: its address, its result, and the result's words. */
const shownResults = (page: Page) =>
  page.getByTestId("opml-feed").evaluateAll((rows) =>
    rows.map((row) => ({
      url: row.getAttribute("data-url"),
      status: row.getAttribute("data-status"),
      text: row.querySelector('[data-testid="opml-feed-result"]')?.textContent ?? "",
    })),
  );

/**
 * On a signed-in person's feed tab (`/home/tune?tab=feed`; the server started with
 * `allowPrivateFeeds`, as the feeds are served on this machine), imports an OPML file from another
 * reader — feeds nested in a category, one without a name, one listed twice, an address with a
 * bare ampersand, a page that is not a feed, one that answers 404 — watches the progress to the
 * end, sees each feed's result, and downloads the export, which lists the feeds added.
 */
export async function importAndExportOpml(page: Page, server: Server): Promise<void> {
  const feeds = await startFeedServer();
  try {
    const u = feeds.url;
    for (const [path, title] of [
      ["/opml/tide.xml", "Tide Tables"],
      ["/opml/kelp.xml", "Kelp Weekly"],
      ["/opml/otter.xml", "Otter & Friends"],
    ] as const) {
      feeds.set(path, {
        body: rss(title, [{ title: `${title}: news`, link: `https://${path.slice(6, -4)}.example/1` }]),
      });
    }
    feeds.set("/opml/page/", {
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><html><head><title>A page</title></head><body><p>No feed here.</p></body></html>",
    });
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another reader</title></head><body>
  <outline text="Sea">
    <outline text="Tide Tables" type="rss" xmlUrl="${u}/opml/tide.xml" htmlUrl="https://tide.example/"/>
    <outline type="rss" xmlUrl="${u}/opml/kelp.xml"/>
  </outline>
  <outline text="Otters & more" type="rss" xmlUrl="${u}/opml/otter.xml?from=a&to=b"/>
  <outline text="Tide again" type="rss" xmlUrl="${u}/opml/tide.xml"/>
  <outline text="Just a page" xmlUrl="${u}/opml/page/"/>
  <outline text="Gone" xmlUrl="${u}/opml/gone.xml"/>
</body></opml>`;

    if (!page.url().includes("/home/tune")) await page.goto(`${server.url}/home/tune?tab=feed`);
    const section = page.getByTestId("feeds-in-out");
    await section.scrollIntoViewIfNeeded();
    await page.getByTestId("opml-file").setInputFiles({
      name: "from-another-reader.opml",
      mimeType: "text/x-opml",
      buffer: Buffer.from(file, "utf8"),
    });

    // The progress moves while the feeds are checked, then says they all were.
    const progress = page.getByTestId("opml-progress");
    await expect.poll(() => progress.getAttribute("data-status"), WAIT).toBe("done");
    expect(await progress.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(await progress.textContent()).toContain("from-another-reader.opml: 5 of 5 feeds checked");
    expect(await page.getByTestId("opml-summary").textContent()).toBe(
      "3 added · 1 not a feed · 1 failed · 1 duplicate merged",
    );
    expect(await shownResults(page)).toEqual([
      { url: `${u}/opml/tide.xml`, status: "added", text: "added" },
      { url: `${u}/opml/kelp.xml`, status: "added", text: "added" },
      { url: `${u}/opml/otter.xml?from=a&to=b`, status: "added", text: "added" },
      { url: `${u}/opml/page/`, status: "not_feed", text: "not a feed: no RSS or Atom feed found" },
      { url: `${u}/opml/gone.xml`, status: "failed", text: "failed: HTTP 404 Not Found" },
    ]);
    // A feed without a name in the file is shown by its address; a nested one with its category.
    await expect.poll(() => section.getByText(`Sea · ${u}/opml/kelp.xml`).count(), WAIT).toBe(1);
    await screenshot(page, "tune-feed-opml");

    // The export downloads an OPML file holding the feeds added, with their categories.
    const link = page.getByTestId("opml-export");
    expect(await link.getAttribute("href")).toBe("/api/opml/export");
    const exported = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return {
        status: response.status,
        disposition: response.headers.get("content-disposition"),
        text: await response.text(),
      };
    }, "/api/opml/export");
    expect(exported.status).toBe(200);
    expect(exported.disposition).toMatch(/^attachment;/);
    const back = parseOpml(exported.text);
    expect(back.map((f) => f.xmlUrl).sort()).toEqual(
      [`${u}/opml/tide.xml`, `${u}/opml/kelp.xml`, `${u}/opml/otter.xml?from=a&to=b`].sort(),
    );
    expect(back.find((f) => f.xmlUrl === `${u}/opml/kelp.xml`)).toMatchObject({
      title: "Kelp Weekly",
      category: "Sea",
    });
  } finally {
    await feeds.close();
  }
}
