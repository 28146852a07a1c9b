import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { ingestSource } from "@graph/core/workflows/ingest";
import { describeCost, measure, writeRequests } from "../support/dynamo-costs.ts";
import { rss, startFeedServer } from "../support/feeds.ts";

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => feeds?.close());

/** A catalogue source on the local feed server serving `count` stories nobody's topics name. */
async function sourceWith(sourceId: string, count: number, link = (i: number) => `https://${sourceId}.example/${i}`) {
  const items = Array.from({ length: count }, (_, i) => ({
    title: `Qzxv wrelk ${sourceId} dispatch ${i + 1}`,
    summary: `Plorf ${i + 1}`,
    link: link(i + 1),
    guid: `${sourceId}-${i + 1}`,
    ageHours: 1 + i * 0.1,
  }));
  feeds.set(`/${sourceId}.xml`, { body: rss(sourceId, items) });
  await Sources.ensureCatalogue([
    {
      sourceId,
      name: sourceId,
      siteUrl: `https://${sourceId}.example`,
      feedUrl: `${feeds.url}/${sourceId}.xml`,
      type: "rss",
    },
  ]);
}

describe("ingesting a feed", () => {
  it("stores a first-fetched feed's new stories in one transaction, at most two write requests an article", async () => {
    // The process's matchers are loaded once: a later fetch is what is measured.
    await sourceWith("costs-warm", 1);
    await ingestSource("costs-warm", { allowPrivateFeeds: false });

    await sourceWith("costs-five", 5);
    const { result, cost } = await measure(() => ingestSource("costs-five", { allowPrivateFeeds: false }));
    expect(result).toMatchObject({ status: "ok", added: 5 });
    expect(cost.byCommand.TransactWriteItems, describeCost(cost)).toBe(1);
    expect(cost.byCommand.GetItem ?? 0, describeCost(cost)).toBe(1); // the source
    expect(writeRequests(cost) / result.added, describeCost(cost)).toBeLessThanOrEqual(2);
  });

  it("stores stories the feed repeats, or another source holds, one by one as duplicates, and the others with them", async () => {
    await sourceWith("costs-first", 1, () => "https://costs-shared.example/story");
    await ingestSource("costs-first", { allowPrivateFeeds: false });
    // Its first item's link is held by costs-first's article; its second and third share a link.
    await sourceWith("costs-second", 4, (i) =>
      i === 1
        ? "https://costs-shared.example/story"
        : i <= 3
          ? "https://costs-second.example/same"
          : `https://costs-second.example/${i}`,
    );
    const report = await ingestSource("costs-second", { allowPrivateFeeds: false });
    expect(report).toMatchObject({ status: "ok", added: 2, duplicates: 2 });
    // The first of the two items telling one story is its original, as the feed lists them.
    const { data } = await ArticleEntity.query.bySource({ sourceId: "costs-second" }).go({ pages: "all" });
    const byGuid = new Map(data.map((a) => [a.guid, a]));
    expect(byGuid.get("costs-second-2")?.duplicateOf).toBeUndefined();
    expect(byGuid.get("costs-second-3")?.duplicateOf).toBe(byGuid.get("costs-second-2")?.articleId);
    expect(byGuid.get("costs-second-1")?.duplicateOf).toBeDefined();
    expect(byGuid.get("costs-second-4")?.duplicateOf).toBeUndefined();
  });
});
