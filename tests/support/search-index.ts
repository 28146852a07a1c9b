import * as Search from "@graph/core/modules/search";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SearchSegmentEntity } from "../../packages/core/src/modules/search/segment.entity.ts";

/**
 * Waits until article search finds `title` for `query`, building the dirty days on each try and
 * reading the new builds at once: other files of the same runtime build and search meanwhile (a
 * build of theirs may hold a day's lease, and a search keeps the list of builds a few seconds).
 * Fails after `timeoutMs` with what the index held for the article's day.
 */
export async function searchFinds(query: string, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let report: Awaited<ReturnType<typeof Search.buildDirtySegments>> | undefined;
  let titles: string[] = [];
  for (let attempt = 0; ; attempt++) {
    report = await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    Search.resetSearchCache();
    titles = (await Search.searchArticles(query, 1)).results.map((r) => r.title);
    if (titles.includes(title)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * 2 ** attempt)));
  }
  const { data: articles } = await ArticleEntity.scan
    .where((a, op) => op.eq(a.title, title))
    .go({ pages: "all", attributes: ["articleId", "day", "sourceId", "duplicateOf", "publishedAt"] });
  const days = await Promise.all(articles.map((a) => SearchSegmentEntity.get({ day: a.day }).go()));
  throw new Error(
    `search for "${query}" never found "${title}" (found ${JSON.stringify(titles)}); ` +
      `articles ${JSON.stringify(articles)}; their days ${JSON.stringify(days.map((d) => d.data))}; ` +
      `last build ${JSON.stringify(report)}`,
  );
}
