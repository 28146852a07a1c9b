import { describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SearchBucket } from "@graph/core/adapters/blobs";
import * as Search from "@graph/core/modules/search";
import { utcDay } from "@graph/core/adapters/dynamo";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { captureLogs } from "../support/logs.ts";

const api = useTestApi();
const DAY = 24 * 3_600_000;

async function put(title: string, publishedAt: number) {
  const articleId = `corrupt-${Math.random().toString(36).slice(2, 10)}`;
  await ArticleEntity.put({
    articleId,
    sourceId: "fixture",
    sourceName: "Fixture",
    sourceType: "rss",
    title,
    link: `https://fixture.example/${articleId}`,
    guid: articleId,
    publishedAt,
    ingestedAt: Date.now(),
    day: utcDay(publishedAt),
    fingerprint: articleId,
  }).go();
  return articleId;
}

describe("a search segment that cannot be read", () => {
  it("is skipped and logged, search answers from the rest, and the day is rebuilt", async () => {
    const logs = captureLogs();
    const recent = Date.now() - 3_600_000;
    const older = recent - 5 * DAY;
    const fresh = await put("Zeppelin hangar restored", recent);
    const old = await put("Zeppelin flights resume", older);
    await Search.markDirty([utcDay(recent), utcDay(older)]);
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });

    // The older day's live build is overwritten with bytes that are not a segment.
    const [key] = await SearchBucket.list(`search/segments/${utcDay(older)}/`);
    await SearchBucket.put(key!, new TextEncoder().encode("not gzip at all"), { contentType: "application/gzip" });
    Search.resetSearchCache();

    const person = await signedIn(api);
    // Some of the articles are older than a day: an org person's search covers all time.
    await UserEntity.patch({ userId: person.userId }).set({ plan: "team" }).go();
    const answer = await api.client({ cookie: person.cookie }).rss.search.$get({ query: { q: "zeppelin" } });
    expect(answer.status).toBe(200);
    const ids = (await answer.json()).results.map((r) => r.id);
    expect(ids).toEqual([fresh]);
    expect(logs.lines("error").some((line) => line.includes(key!))).toBe(true);

    // The day was marked for rebuilding: the next index run brings the article back.
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    Search.resetSearchCache();
    expect((await Search.searchArticles("zeppelin", 1)).results.map((r) => r.id)).toEqual([fresh, old]);
  });
});
