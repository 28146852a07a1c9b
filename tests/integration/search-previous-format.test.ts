import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SearchSegmentEntity } from "../../packages/core/src/modules/search/segment.entity.ts";
import { SearchBucket } from "@graph/core/adapters/blobs";
import * as Search from "@graph/core/modules/search";
import { utcDay } from "@graph/core/adapters/dynamo";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { captureLogs } from "../support/logs.ts";

const api = useTestApi();

/** The day the previous release indexed: its stored segment is the fixture, built from these articles. */
const AT = Date.UTC(2025, 2, 10, 9);
const DAY = utcDay(AT);
const PREVIOUS = [
  {
    articleId: "previous-format-1",
    title: "Lighthouse keepers return",
    summary: "A restored lamp shines on the north coast again.",
    publishedAt: AT,
  },
  {
    articleId: "previous-format-2",
    title: "Harbour seals counted",
    summary: "Volunteers counted seals near the lighthouse.",
    publishedAt: AT - 3_600_000,
  },
];
/** That segment as the previous release stored it: MiniSearch 7.2.0's `toJSON()`, gunzipped. */
const minisearchSegment = readFileSync(
  new URL("../../packages/core/src/modules/search/fixtures/minisearch-segment.json", import.meta.url),
  "utf8",
);

async function put(article: { articleId: string; title: string; summary: string; publishedAt: number }) {
  await ArticleEntity.put({
    ...article,
    sourceId: "fixture",
    sourceName: "Fixture",
    sourceType: "rss",
    link: `https://fixture.example/${article.articleId}`,
    guid: article.articleId,
    ingestedAt: Date.now(),
    day: utcDay(article.publishedAt),
    fingerprint: article.articleId,
  }).go();
  return article.articleId;
}

describe("a day whose stored segment is of the previous format (MiniSearch)", () => {
  it("is skipped and logged, search answers from the rest, and the next index run rebuilds it", async () => {
    const logs = captureLogs();
    for (const article of PREVIOUS) await put(article);
    // What the previous release left: the day's live build, a MiniSearch segment, not marked dirty.
    const version = AT + 600_000;
    const key = `search/segments/${DAY}/${version}.json.gz`;
    const bytes = gzipSync(minisearchSegment);
    await SearchBucket.put(key, bytes, { contentType: "application/gzip" });
    await SearchSegmentEntity.put({
      day: DAY,
      version,
      docs: PREVIOUS.length,
      bytes: bytes.length,
      builtAt: version,
    }).go();

    const recent = Date.now() - 3_600_000;
    const fresh = await put({
      articleId: "current-format-1",
      title: "Lighthouse tours reopen",
      summary: "Tickets on sale.",
      publishedAt: recent,
    });
    await Search.markDirty([utcDay(recent)]);
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    Search.resetSearchCache();

    const person = await signedIn(api);
    // Some of the articles are older than a day: an org person's search covers all time.
    await UserEntity.patch({ userId: person.userId }).set({ plan: "team" }).go();
    const search = async () => {
      const answer = await api.client({ cookie: person.cookie }).rss.search.$get({ query: { q: "lighthouse" } });
      expect(answer.status).toBe(200);
      return (await answer.json()).results.map((r) => r.id);
    };
    expect(await search()).toEqual([fresh]);
    expect(logs.lines("error").some((line) => line.includes(key))).toBe(true);
    const { data: marked } = await SearchSegmentEntity.get({ day: DAY }).go();
    expect(marked?.dirtySince).toBeDefined();

    // The next index run rebuilds the day in the current format, and search finds its articles.
    const report = await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    expect(report.built.map((b) => b.day)).toEqual([DAY]);
    const [rebuilt] = (await SearchBucket.list(`search/segments/${DAY}/`)).filter((k) => k !== key);
    expect(JSON.parse(gunzipSync((await SearchBucket.get(rebuilt!))!).toString("utf8"))).toMatchObject({
      format: "graph-segment",
      version: 1,
    });
    Search.resetSearchCache();
    expect(await search()).toEqual([fresh, "previous-format-1", "previous-format-2"]);
  });
});
