import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { dynamo, utcDay } from "@graph/core/adapters/dynamo";
import type { Article } from "@graph/core/modules/articles";
import { PhraseMatcher, phraseKey } from "@graph/core/lib/matching";
import { shardOf } from "@graph/core/modules/topics";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { backfill } from "../../packages/core/src/modules/articles/backfill.ts";
import { PostingBucketEntity } from "../../packages/core/src/modules/articles/posting-bucket.entity.ts";
import {
  indexArticle,
  indexArticles,
  PAGE_BYTES,
  postingsFor,
  type Posting,
} from "../../packages/core/src/modules/articles/postings.ts";
import { DictionaryPhraseEntity } from "../../packages/core/src/modules/topics/dictionary-phrase.entity.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Noon UTC of a fixed day: up to three hours later is the same three-hour period. */
const NOON = Date.parse("2031-05-14T12:00:00Z");
/** A source id far longer than any graph makes, so a few dozen entries fill a page. */
const LONG_SOURCE = `source-${"x".repeat(1900)}`;

let phraseCounter = 0;
/** Each test matches its own phrase, so buckets of different tests never meet. */
function topic() {
  const phrase = phraseKey(
    `bucket topic ${String.fromCharCode(97 + (phraseCounter++ % 26))}${Date.now().toString(36)}`,
  );
  const matcher = new PhraseMatcher();
  matcher.add(phrase);
  const article = (articleId: string, publishedAt: number, sourceId = "wire"): Article => ({
    articleId,
    sourceId,
    sourceName: "Wire",
    sourceType: "rss",
    title: `News of ${phrase}`,
    link: `https://wire.example/${articleId}`,
    guid: articleId,
    summary: `More on ${phrase}, and ${phrase} again.`,
    publishedAt,
    ingestedAt: publishedAt,
    day: utcDay(publishedAt),
    fingerprint: articleId,
  });
  return { phrase, matcher, article };
}

async function pagesOf(phrase: string) {
  const { data } = await PostingBucketEntity.query.byPhrasePeriod({ phrase }).go({ pages: "all" });
  return data;
}
/** The articles on the pages, one per line stored. */
const articlesOn = (pages: Array<{ log: string[]; packed?: string }>) =>
  pages
    .flatMap((p) => [...(p.packed ? p.packed.split("\n") : []), ...p.log])
    .map((line) => line.slice(0, line.indexOf(" ")));

async function inParallel<T>(items: T[], work: (item: T) => Promise<unknown>, concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** What this process sends to DynamoDB while `counting` is on: requests, items read, update expressions. */
const sent = { counting: false, requests: 0, items: 0, expressions: [] as string[] };
dynamo().middlewareStack.add(
  (next, context) => async (args) => {
    const result = await next(args);
    if (!sent.counting) return result;
    sent.requests++;
    const output = result.output as { Count?: number; Responses?: Record<string, unknown[]> };
    sent.items += output.Count ?? Object.values(output.Responses ?? {}).reduce((n, list) => n + list.length, 0);
    if (context.commandName === "UpdateItemCommand") {
      const input = args.input as { UpdateExpression?: string; ConditionExpression?: string };
      sent.expressions.push(input.UpdateExpression ?? "", input.ConditionExpression ?? "");
    }
    return result;
  },
  { step: "initialize", name: "postingsTestCount" },
);
async function counted<T>(work: () => Promise<T>): Promise<T> {
  Object.assign(sent, { counting: true, requests: 0, items: 0, expressions: [] });
  try {
    return await work();
  } finally {
    sent.counting = false;
  }
}
beforeEach(() => void (sent.counting = false));

describe("writing postings into buckets", () => {
  it("keeps every one of 30 articles indexed into one bucket at once", async () => {
    const { phrase, matcher, article } = topic();
    const ids = Array.from({ length: 30 }, (_, i) => `parallel-${i}`);
    await Promise.all(ids.map((id, i) => indexArticle(article(id, NOON + i * 1000), matcher)));

    const pages = await pagesOf(phrase);
    expect(pages).toHaveLength(1);
    expect(articlesOn(pages).sort()).toEqual([...ids].sort());
    const postings = (await postingsFor([phrase], 0, 100)).get(phrase)!;
    expect(postings.map((p) => p.articleId).sort()).toEqual([...ids].sort());
  });

  it("holds an article once however often it is indexed (in turn, at once, in a batch), and counts it once", async () => {
    const { phrase, matcher, article } = topic();
    await DictionaryPhraseEntity.create({ shard: shardOf(phrase), phrase, updatedAt: NOON }).go();
    const once = article("again-1", NOON);

    expect(await indexArticle(once, matcher)).toEqual([phrase]);
    await indexArticle(once, matcher);
    await Promise.all(Array.from({ length: 5 }, () => indexArticle(once, matcher)));
    await indexArticles([once, once, article("again-2", NOON + HOUR)], matcher);

    const pages = await pagesOf(phrase);
    expect(pages).toHaveLength(1);
    expect(articlesOn(pages).sort()).toEqual(["again-1", "again-2"]);
    const postings = (await postingsFor([phrase], 0, 100)).get(phrase)!;
    expect(postings.find((p) => p.articleId === "again-1")).toEqual<Posting>({
      phrase,
      articleId: "again-1",
      sourceId: "wire",
      publishedAt: NOON,
      inTitle: true,
      titleCount: 1,
      bodyCount: 2,
    });
    const { data: entry } = await DictionaryPhraseEntity.get({ shard: shardOf(phrase), phrase }).go();
    expect(entry?.postings).toBe(2);
  });

  it("moves on to a new page before a bucket would pass DynamoDB's item limit, and never repeats an article across pages", async () => {
    const { phrase, matcher, article } = topic();
    // 240 matches of ~2 KB in one period: 470 KB, more than one item may hold.
    const articles = Array.from({ length: 240 }, (_, i) => article(`big-${i}`, NOON, LONG_SOURCE));
    await inParallel(articles, (a) => indexArticle(a, matcher), 12);

    const pages = await pagesOf(phrase);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      expect(page.bytes).toBeLessThanOrEqual(PAGE_BYTES);
      expect(JSON.stringify(page).length).toBeLessThan(12 * 1024);
    }
    // Full pages are sealed: their lines are one string, and they take nothing more.
    expect(pages.slice(0, -1).every((p) => p.sealed && p.log.length === 0 && p.packed)).toBe(true);
    expect(articlesOn(pages)).toHaveLength(240);
    expect(new Set(articlesOn(pages)).size).toBe(240);

    // Indexed again — one by one in parallel, then as one batch — each is found where it is.
    await inParallel(articles, (a) => indexArticle(a, matcher), 12);
    await indexArticles(articles, matcher);
    expect(articlesOn(await pagesOf(phrase))).toHaveLength(240);
    const postings = (await postingsFor([phrase], 0, 1000)).get(phrase)!;
    expect(postings).toHaveLength(240);
    expect(postings.every((p) => p.sourceId === LONG_SOURCE)).toBe(true);
  });

  it("writes a batch in pages too, each write within DynamoDB's 4 KB expression limit", async () => {
    const { phrase, matcher, article } = topic();
    // Ids as long as ingestion makes them (22 characters).
    const id = (i: number) => createHash("sha256").update(`batch-${i}`).digest("base64url").slice(0, 22);
    const small = Array.from({ length: 400 }, (_, i) => article(id(i), NOON - i * 1000));
    const large = Array.from({ length: 100 }, (_, i) => article(id(1000 + i), NOON - i * 1000, LONG_SOURCE));
    await counted(() => indexArticles([...small, ...large], matcher));

    expect(sent.expressions.length).toBeGreaterThan(0);
    for (const expression of sent.expressions) expect(expression.length).toBeLessThan(4096);
    const pages = await pagesOf(phrase);
    for (const page of pages) expect(page.bytes).toBeLessThanOrEqual(PAGE_BYTES);
    expect(new Set(articlesOn(pages)).size).toBe(500);
    expect(articlesOn(pages)).toHaveLength(500);
  });
});

describe("backfilling postings", () => {
  it("writes into the buckets ingestion writes, and a second run adds nothing", async () => {
    const { phrase, matcher, article } = topic();
    await DictionaryPhraseEntity.create({ shard: shardOf(phrase), phrase, updatedAt: NOON }).go();
    const articles = [article("fill-1", NOON), article("fill-2", NOON - HOUR), article("fill-3", NOON - DAY)];
    await ArticleEntity.put(articles).go();
    // Ingestion indexed one of them already.
    await indexArticle(articles[0]!, matcher);

    await backfill([phrase], NOON + HOUR, 3);
    await backfill([phrase], NOON + HOUR, 3);

    const pages = await pagesOf(phrase);
    expect(pages.map((p) => [p.period, p.page])).toEqual([
      ["2031-05-13T12", 0],
      ["2031-05-14T09", 0],
      ["2031-05-14T12", 0],
    ]);
    expect(articlesOn(pages).sort()).toEqual(["fill-1", "fill-2", "fill-3"]);
    const { data: entry } = await DictionaryPhraseEntity.get({ shard: shardOf(phrase), phrase }).go();
    expect(entry?.postings).toBe(3);
  });
});

describe("reading postings", () => {
  it("reads the newest periods first and stops at the first whole period that gives enough", async () => {
    const { phrase, matcher, article } = topic();
    // Ten days with five articles each (in one period a day), the newest first within a day.
    const articles = Array.from({ length: 50 }, (_, i) => {
      const day = Math.floor(i / 5);
      return article(`day-${day}-${i % 5}`, NOON + HOUR - day * DAY - i * 1000);
    });
    await indexArticles(articles, matcher);
    const ids = (postings: Posting[]) => postings.map((p) => p.articleId);
    const daysOf = (...days: number[]) => days.flatMap((d) => [0, 1, 2, 3, 4].map((k) => `day-${d}-${k}`));

    // Page 0 of the two newest periods (as of `now`), in one request: the newest has enough.
    const now = NOON + 2 * HOUR;
    const five = await counted(() => postingsFor([phrase], 0, 5, now));
    expect(ids(five.get(phrase)!)).toEqual(daysOf(0));
    expect([sent.requests, sent.items]).toEqual([1, 1]);

    // Then the list of periods, and a few older ones: not all ten days.
    const twelve = await counted(() => postingsFor([phrase], 0, 12, now));
    expect(ids(twelve.get(phrase)!)).toEqual([...daysOf(0, 1), "day-2-0", "day-2-1"]);
    expect(sent.items).toBeLessThanOrEqual(5);

    // A window that starts within a period takes only that period's articles published since.
    const windowed = await postingsFor([phrase], NOON + HOUR - 2 * DAY - 11 * 1000, 100);
    expect(ids(windowed.get(phrase)!)).toEqual([...daysOf(0, 1), "day-2-0", "day-2-1"]);
    // All of them when the window holds fewer than asked for.
    expect(ids((await postingsFor([phrase], 0, 100)).get(phrase)!)).toEqual(daysOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
  });

  it("reads a period's every page before stopping, however it learns of them", async () => {
    // The period's newest article on its first page, then on its last.
    const first = topic();
    await indexArticle(first.article("newest", NOON + 5 * HOUR, LONG_SOURCE), first.matcher);
    const older = (t: typeof first) =>
      Array.from({ length: 80 }, (_, i) => t.article(`older-${i}`, NOON + HOUR - i, LONG_SOURCE));
    await indexArticles(older(first), first.matcher);
    const last = topic();
    await indexArticles(older(last), last.matcher);
    await indexArticle(last.article("newest", NOON + 5 * HOUR, LONG_SOURCE), last.matcher);
    expect((await pagesOf(first.phrase)).length).toBeGreaterThan(3);
    expect((await pagesOf(last.phrase)).at(-1)!.log.join()).toContain("newest");

    // From the list of periods (the period is not among the newest as of now)…
    expect((await postingsFor([first.phrase, last.phrase], 0, 3)).get(first.phrase)![0]?.articleId).toBe("newest");
    expect((await postingsFor([last.phrase], 0, 3)).get(last.phrase)![0]?.articleId).toBe("newest");
    // …and from page 0 of a newest period, which counts the period's pages.
    const found = await postingsFor([first.phrase, last.phrase], 0, 3, NOON + 5 * HOUR);
    expect(found.get(first.phrase)![0]?.articleId).toBe("newest");
    expect(found.get(last.phrase)![0]?.articleId).toBe("newest");
  });

  it("answers every phrase asked for, an empty list for one without postings", async () => {
    const one = topic();
    const two = topic();
    const none = topic();
    await indexArticle(one.article("one-1", NOON), one.matcher);
    await indexArticle(two.article("two-1", NOON - DAY), two.matcher);
    const found = await postingsFor([one.phrase, two.phrase, none.phrase], NOON - 2 * DAY, 10);
    expect([...found.keys()]).toEqual([one.phrase, two.phrase, none.phrase]);
    expect(found.get(one.phrase)!.map((p) => p.articleId)).toEqual(["one-1"]);
    expect(found.get(two.phrase)!.map((p) => p.articleId)).toEqual(["two-1"]);
    expect(found.get(none.phrase)).toEqual([]);
  });
});
