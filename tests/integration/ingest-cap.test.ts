import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { ingestSource } from "@graph/core/workflows/ingest";
import * as Sources from "@graph/core/modules/sources";
import { FETCH_POLICY } from "@graph/core/modules/sources";
import { rss, startFeedServer } from "../support/feeds.ts";
import { useTestApi } from "../support/runtime.ts";

useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds?.close());

describe("one fetch of a huge feed", () => {
  it(`stores only the newest ${FETCH_POLICY.maxItemsPerFetch} items`, async () => {
    const count = 1_000;
    // Oldest first in the document, so "the first N" and "the newest N" differ.
    const items = Array.from({ length: count }, (_, i) => ({
      title: `Flood bulletin number ${count - i}`,
      link: `https://flood.example/${count - i}`,
      ageHours: count - i,
    }));
    feeds.set("/flood.xml", { body: rss("Flood Wire", items) });
    await Sources.ensureCatalogue([
      {
        sourceId: "flood",
        name: "Flood Wire",
        siteUrl: "https://flood.example",
        feedUrl: `${feeds.url}/flood.xml`,
        type: "rss",
      },
    ]);

    const report = await ingestSource("flood", { allowPrivateFeeds: false });
    expect(report).toMatchObject({ status: "ok", added: FETCH_POLICY.maxItemsPerFetch });
    const { data } = await ArticleEntity.query.bySource({ sourceId: "flood" }).go({ pages: "all" });
    const numbers = data.map((a) => Number(/number (\d+)/.exec(a.title)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: FETCH_POLICY.maxItemsPerFetch }, (_, i) => i + 1));
  });
});
