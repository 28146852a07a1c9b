import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { VisibleError } from "@graph/core/lib/errors";
import * as Search from "@graph/core/modules/search";
import { SearchSegmentEntity } from "../../packages/core/src/modules/search/segment.entity.ts";
import { SearchBucket } from "@graph/core/adapters/blobs";
import * as Sources from "@graph/core/modules/sources";
import { mountS3 } from "@graph/local/aws/s3";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { utcDay } from "@graph/core/adapters/dynamo";

const api = useTestApi();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Noon UTC two days ago: far enough from midnight that "n hours earlier" stays predictable. */
const NOON = Math.floor(Date.now() / DAY) * DAY - 2 * DAY + 12 * HOUR;

let serial = 0;
async function put(title: string, summary: string, publishedAt: number, extra: { duplicateOf?: string } = {}) {
  const articleId = `s${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  await ArticleEntity.put({
    articleId,
    sourceId: "fixture",
    sourceName: "Fixture Weekly",
    sourceType: "rss",
    title,
    link: `https://fixture.example/${articleId}`,
    guid: articleId,
    summary,
    publishedAt,
    ingestedAt: Date.now(),
    day: new Date(publishedAt).toISOString().slice(0, 10),
    fingerprint: articleId,
    ...extra,
  }).go();
  return articleId;
}

/** Marks the days and builds, as ingestion and the index job do. */
async function index(...times: number[]) {
  await Search.markDirty(times.map(utcDay));
  return Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
}

const ids = async (q: string, page = 1) => (await Search.searchArticles(q, page)).results.map((r) => r.id);

describe("article search", () => {
  const corpus: Record<string, string> = {};

  beforeAll(async () => {
    corpus.auroraBody = await put("Weekly field notes", "The aurora was bright over the hills.", NOON);
    corpus.auroraTitle = await put("Aurora season begins", "Photos from the north.", NOON - 30 * HOUR);
    corpus.glacierOnly = await put("Glacier walks", "Ice and snow all week.", NOON - HOUR);
    corpus.glacierTelescope = await put("Night sky", "A telescope pointed at the glacier.", NOON - 40 * HOUR);
    corpus.scattered = await put("Launch notes", "A sail made for solar storms.", NOON - 2 * HOUR);
    corpus.phrase = await put("Launch notes", "They tested a solar sail in orbit.", NOON - 50 * HOUR);
    corpus.tidesNew = await put("Tide tables", "Harbour times.", NOON - 3 * HOUR);
    corpus.tidesOld = await put("Tide tables", "Harbour times.", NOON - 27 * HOUR);
    corpus.quantum = await put("Quantum error correction", "Logical qubits at scale.", NOON - 4 * HOUR);
    corpus.cpp = await put("C++ modules in practice", "Build times drop.", NOON - 5 * HOUR);
    corpus.cafe = await put("Café culture in 東京", "Espresso bars and kissaten.", NOON - 6 * HOUR);
    corpus.quoted = await put('"Quoted" words -minus (parens)', "Punctuation, everywhere!", NOON - 7 * HOUR);
    const original = await put("Heron migration tracked", "Wading birds.", NOON - 8 * HOUR);
    corpus.duplicate = await put("Heron migration tracked", "Wading birds (syndicated).", NOON - 9 * HOUR, {
      duplicateOf: original,
    });
    corpus.heron = original;
    const report = await index(NOON, NOON - DAY, NOON - 2 * DAY, NOON - 3 * DAY);
    expect(report.built.map((b) => b.day).sort()).toEqual(
      [NOON - 3 * DAY, NOON - 2 * DAY, NOON - DAY, NOON].map(utcDay).sort(),
    );
  });

  it("ranks a word in the title above the same word in the body, though older", async () => {
    expect(await ids("aurora")).toEqual([corpus.auroraTitle, corpus.auroraBody]);
  });

  it("ranks articles with all the words above those with some", async () => {
    expect(await ids("glacier telescope")).toEqual([corpus.glacierTelescope, corpus.glacierOnly]);
  });

  it("ranks the exact phrase above the same words scattered", async () => {
    expect(await ids("solar sail")).toEqual([corpus.phrase, corpus.scattered]);
  });

  it("lets recency break ties between equally relevant articles", async () => {
    expect(await ids("tide tables")).toEqual([corpus.tidesNew, corpus.tidesOld]);
  });

  it("finds a word from its first letters as you type", async () => {
    expect(await ids("quant")).toEqual([corpus.quantum]);
    expect(await ids("quantum err")).toEqual([corpus.quantum]);
  });

  it("answers each result with what the page shows", async () => {
    const { results } = await Search.searchArticles("heron", 1);
    expect(results).toEqual([
      {
        id: corpus.heron,
        title: "Heron migration tracked",
        source: "Fixture Weekly",
        link: `https://fixture.example/${corpus.heron}`,
        publication_date: new Date(NOON - 8 * HOUR).toISOString(),
      },
    ]);
  });

  it("never shows duplicates", async () => {
    expect(await ids("heron migration")).not.toContain(corpus.duplicate);
  });

  it("reads unicode and punctuation as words and never fails on them", async () => {
    expect(await ids("c++")).toEqual([corpus.cpp]);
    expect(await ids("cafe")).toEqual([corpus.cafe]);
    expect(await ids("CAFÉS")).toEqual([corpus.cafe]);
    expect(await ids("東京")).toEqual([corpus.cafe]);
    expect(await ids('"quoted" -minus (parens)')).toEqual([corpus.quoted]);
    for (const q of ["🚀🚀", "👩‍🚀 launch", "((", "\u0000\u0001", "%00", "'; DROP TABLE", "\\\\", "x".repeat(10_000)]) {
      const answer = await Search.searchArticles(q, 1);
      expect(answer.page).toBe(1);
    }
  });

  it("refuses a query shorter than two characters", async () => {
    for (const q of ["", " ", "a", "  é  "]) {
      const failure = await Search.searchArticles(q, 1).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(VisibleError);
      expect(failure).toMatchObject({ status: 400, message: "Search needs at least 2 characters." });
    }
    expect((await Search.searchArticles("  ab  ", 1)).results).toEqual([]);
  });
});

describe("GET /api/rss/search", () => {
  it("answers a signed-in person's search, and refuses short queries and strangers", async () => {
    const person = await signedIn(api);
    // The fixtures are days old: an org person's search covers all time.
    await UserEntity.patch({ userId: person.userId }).set({ plan: "team" }).go();
    const search = (query: { q: string; page?: string }, cookie?: string) =>
      api.client({ cookie }).rss.search.$get({ query });
    const ok = await search({ q: "aurora", page: "1" }, person.cookie);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ page: 1, hasMore: false });
    expect(body.results.map((r) => r.title)).toEqual(["Aurora season begins", "Weekly field notes"]);

    const unicode = await search({ q: "東京 café" }, person.cookie);
    expect((await unicode.json()).results).toHaveLength(1);

    const short = await search({ q: " a " }, person.cookie);
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "Search needs at least 2 characters.", code: "invalid_input" });

    expect((await search({ q: "aurora" })).status).toBe(401);
  });
});

describe("the plan's coverage", () => {
  it("searches 24 hours on free, a year on pro and all time on org, and follows a plan change at once", async () => {
    const word = `quokka${serial}${Math.random().toString(36).slice(2, 6)}`;
    const now = Date.now();
    const times = [now - 2 * HOUR, now - 3 * DAY, now - 400 * DAY];
    const [today, days, years] = [
      await put(`${word} today`, "Fresh.", times[0]!),
      await put(`${word} this week`, "Recent.", times[1]!),
      await put(`${word} long ago`, "Old.", times[2]!),
    ];
    await index(...times);
    const person = await signedIn(api);
    const found = async (plan: "free" | "pro" | "team") => {
      await UserEntity.patch({ userId: person.userId }).set({ plan }).go();
      const answer = await api.client({ cookie: person.cookie }).rss.search.$get({ query: { q: word } });
      expect(answer.status).toBe(200);
      return (await answer.json()).results.map((r) => r.id);
    };
    expect(await found("free")).toEqual([today]);
    expect(await found("pro")).toEqual([today, days]);
    expect(await found("team")).toEqual([today, days, years]);
    expect(await found("free")).toEqual([today]);
    // The domain call without a coverage searches everything (the chat bot and jobs choose their own).
    expect((await Search.searchArticles(word, 1)).results.map((r) => r.id)).toEqual([today, days, years]);
  });
});

describe("paging", () => {
  it("answers 50 a page, says whether more follow, and never repeats an article", async () => {
    const start = NOON - 10 * DAY;
    const written: string[] = [];
    for (let n = 0; n < 120; n++) written.push(await put(`Kestrel count ${n}`, "Birds of prey.", start - n * 2 * HOUR));
    await index(...written.map((_, n) => start - n * 2 * HOUR));
    const pages = await Promise.all([1, 2, 3, 4].map((page) => Search.searchArticles("kestrel", page)));
    expect(pages.map((p) => [p.page, p.results.length, p.hasMore])).toEqual([
      [1, 50, true],
      [2, 50, true],
      [3, 20, false],
      [4, 0, false],
    ]);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(written);
    expect((await Search.searchArticles("kestrel", Number.NaN)).page).toBe(1);
    expect((await Search.searchArticles("kestrel", -3)).page).toBe(1);
  });
});

describe("indexing", () => {
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  beforeAll(async () => {
    feeds = await startFeedServer();
  });
  afterAll(() => feeds?.close());

  it("finds an ingested article once the dirty segments are built", async () => {
    feeds.set("/marsh.xml", {
      body: rss("Marsh Gazette", [
        {
          title: "Bitterns return to the reedbeds",
          summary: "A booming call at dusk.",
          link: "https://marsh.example/bitterns",
        },
      ]),
    });
    await Sources.ensureCatalogue([
      {
        sourceId: "marsh",
        name: "Marsh Gazette",
        siteUrl: "https://marsh.example",
        feedUrl: `${feeds.url}/marsh.xml`,
        type: "rss",
      },
    ]);
    expect((await Search.searchArticles("bitterns", 1)).results).toEqual([]);
    await api.runtime.dispatcher.runJob("ingest");
    await api.runtime.dispatcher.idle();
    const { data: dirty } = await SearchSegmentEntity.query
      .byDay({})
      .where((a, op) => op.exists(a.dirtySince))
      .go();
    expect(dirty.map((s) => s.day)).toContain(utcDay(Date.now() - HOUR));

    await Search.buildDirtySegments({ minIntervalMs: 0 });
    const { results } = await Search.searchArticles("bittern reedbed", 1);
    expect(results.map((r) => [r.title, r.source, r.link])).toEqual([
      ["Bitterns return to the reedbeds", "Marsh Gazette", "https://marsh.example/bitterns"],
    ]);
  });

  it("rebuilds a day that got a new article, replacing the old build and keeping the one before", async () => {
    const at = NOON - 25 * DAY;
    await put("Avocet chicks hatch", "On the lagoon.", at);
    const first = await index(at);
    const { data: before } = await SearchSegmentEntity.get({ day: utcDay(at) }).go();
    expect(before).toMatchObject({ docs: 1, version: first.built.find((b) => b.day === utcDay(at))!.version });
    expect(before?.dirtySince).toBeUndefined();
    expect(await ids("avocet")).toHaveLength(1);

    await put("Avocet numbers up", "A record year.", at + HOUR);
    await index(at);
    await put("Avocet ringing day", "Volunteers wanted.", at + 2 * HOUR);
    const third = await index(at);
    const { data: after } = await SearchSegmentEntity.get({ day: utcDay(at) }).go();
    expect(after).toMatchObject({ docs: 3, version: third.built.find((b) => b.day === utcDay(at))!.version });
    expect(after!.version).toBeGreaterThan(before!.version);
    expect(await ids("avocet")).toHaveLength(3);
    // The live build and the one before it stay; older ones go.
    expect(await SearchBucket.list(`search/segments/${utcDay(at)}/`)).toHaveLength(2);
  });

  it("keeps a day dirty when it was marked again after the build read it", async () => {
    const at = NOON - 30 * DAY;
    await put("Spoonbill colony grows", "Nests counted.", at);
    await Search.markDirty([utcDay(at)], Date.now() + 60_000);
    const report = await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    expect(report.stillDirty).toContain(utcDay(at));
    expect(await ids("spoonbill")).toHaveLength(1);
    await Search.markDirty([utcDay(at)], Date.now() - 60_000);
    expect((await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 })).stillDirty).not.toContain(utcDay(at));
  });

  it("builds a day once when builders run at the same time", async () => {
    const at = NOON - 40 * DAY;
    await put("Curlew calls at dawn", "Estuary notes.", at);
    await Search.markDirty([utcDay(at)]);
    const reports = await Promise.all(
      [1, 2, 3].map(() => Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 })),
    );
    expect(reports.flatMap((r) => r.built).filter((b) => b.day === utcDay(at))).toHaveLength(1);
    expect(await ids("curlew")).toHaveLength(1);
  });

  it("leaves a day built less than a minute ago to the next run", async () => {
    const at = NOON - 45 * DAY;
    await put("Dunlin flocks", "Shorebirds.", at);
    await index(at);
    await put("Dunlin in winter", "Shorebirds.", at + HOUR);
    await Search.markDirty([utcDay(at)]);
    const report = await Search.buildDirtySegments({ settleMs: 0 });
    expect(report.skipped).toContain(utcDay(at));
    expect(await ids("dunlin")).toHaveLength(1);
  });

  it("builds a dirty day whose last build time lies ahead of this clock, rather than waiting for it", async () => {
    const at = NOON - 46 * DAY;
    await put("Whimbrel calls", "Shorebirds.", at);
    await index(at);
    // A builder whose clock ran eight hours ahead built it last.
    await SearchSegmentEntity.patch({ day: utcDay(at) }).set({ builtAt: Date.now() + 8 * HOUR }).go();
    await put("Whimbrel in spring", "Shorebirds.", at + HOUR);
    await Search.markDirty([utcDay(at)]);
    const report = await Search.buildDirtySegments({ settleMs: 0 });
    expect(report.built.map((b) => b.day)).toContain(utcDay(at));
    Search.resetSearchCache();
    expect(await ids("whimbrel")).toHaveLength(2);
  });
});

describe("the segment cache", () => {
  it("keeps answers the same while evicting to stay within its memory bound", async () => {
    const base = NOON - 60 * DAY;
    for (let d = 0; d < 40; d++) {
      await put(`Lapwing survey day ${d}`, "Farmland birds.", base - d * DAY);
      await put(`Field notes ${d}`, "A lapwing over the ploughed field.", base - d * DAY - HOUR);
    }
    await index(...Array.from({ length: 40 }, (_, d) => base - d * DAY));
    Search.resetSearchCache();
    const roomy = [await Search.searchArticles("lapwing", 1), await Search.searchArticles("lapwing", 2)];
    expect(roomy[0]!.results).toHaveLength(50);
    expect(roomy[1]!.results).toHaveLength(30);
    const { bytes: all, units } = Search.searchCacheStats();
    expect(units).toBeGreaterThan(3);

    // Room for about a third of the segments: each search fetches again what was let go.
    const bound = Math.floor(all / 3);
    Search.configureSearchCache({ maxBytes: bound });
    try {
      Search.resetSearchCache();
      const before = Search.searchCacheStats();
      for (let round = 0; round < 3; round++) {
        expect(await Search.searchArticles("lapwing", 1)).toEqual(roomy[0]);
        expect(await Search.searchArticles("lapwing", 2)).toEqual(roomy[1]);
        expect(Search.searchCacheStats().bytes).toBeLessThanOrEqual(bound);
      }
      const after = Search.searchCacheStats();
      expect(after.evictions).toBeGreaterThan(before.evictions);
    } finally {
      Search.configureSearchCache({ maxBytes: 256 * 1024 * 1024 });
    }
  });
});

describe("the local S3 stand-in", () => {
  const bucket = "graph-test";
  let dir: string;
  let server: Server;
  let s3: S3Client;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "graph-s3-"));
    const app = new Hono();
    mountS3(app, "/_aws/s3", dir);
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
    });
    const port = (server.address() as AddressInfo).port;
    s3 = new S3Client({
      endpoint: `http://127.0.0.1:${port}/_aws/s3`,
      region: "us-east-1",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
  });
  afterAll(async () => {
    s3?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it("puts, gets, heads, lists and deletes objects kept as files", async () => {
    const body = Buffer.from("segment bytes ✓");
    const put = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz", Body: body, ContentType: "application/gzip" }),
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz" }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body);
    expect(got.ContentType).toBe("application/gzip");
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz" }));
    expect(head.ContentLength).toBe(body.length);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz" }));
    await expect(s3.send(new GetObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz" }))).rejects.toBeInstanceOf(
      NoSuchKey,
    );
    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: "a/b/c.json.gz" }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it("lists by prefix, page by page", async () => {
    const keys = ["p/1", "p/2", "p/3", "p/sub/4", "q/5", "p/ünïcode & <xml>"];
    for (const key of keys) await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }));
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: "p/", MaxKeys: 2, ContinuationToken: token }),
      );
      seen.push(...(page.Contents ?? []).map((c) => c.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      pages++;
    } while (token);
    expect(seen).toEqual(["p/1", "p/2", "p/3", "p/sub/4", "p/ünïcode & <xml>"]);
    expect(pages).toBe(3);
    const grouped = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "p/", Delimiter: "/" }));
    expect(grouped.CommonPrefixes?.map((p) => p.Prefix)).toEqual(["p/sub/"]);
    expect(grouped.Contents?.map((c) => c.Key)).toEqual(["p/1", "p/2", "p/3", "p/ünïcode & <xml>"]);
  });

  it("never lets a key name a path outside its bucket's folder", async () => {
    // The SDK sends this key as it is; the request path it makes leaves the S3 routes altogether.
    await expect(s3.send(new PutObjectCommand({ Bucket: bucket, Key: "../../escape", Body: "x" }))).rejects.toThrow();
    const port = (server.address() as AddressInfo).port;
    for (const path of ["x%2F..%2F..%2Fescape", "..%2Fescape", "a%2F.%2Fb"]) {
      const response = await fetch(`http://127.0.0.1:${port}/_aws/s3/${bucket}/${path}`, { method: "PUT", body: "x" });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    // Dots inside a name are only dots.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: "name..with..dots", Body: "x" }));
    const dotted = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: "name..with..dots" }));
    expect(await dotted.Body!.transformToString()).toBe("x");
    expect(await readdir(dir)).toEqual([bucket]);
    for (const name of await readdir(join(dir, bucket))) expect(name).not.toMatch(/^\.\.?$|\//);
  });
});
