import { readFileSync } from "node:fs";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { postingsFor } from "@graph/core/modules/articles";
import { phraseKey } from "@graph/core/lib/matching";
import * as Sources from "@graph/core/modules/sources";
import { ingestSource } from "@graph/core/workflows/ingest";
import { FETCH_POLICY } from "@graph/core/modules/sources";
import { ingestWorker, type IngestJob } from "@graph/functions/jobs/ingest-worker";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
/** A second host: a `Retry-After` holds back its whole host, so the throttled feed lives alone. */
let throttledHost: Awaited<ReturnType<typeof startFeedServer>>;

/** Someone follows `topics`: their phrases join the dictionary articles are matched against. */
async function follow(topics: string[]) {
  const person = await signedIn(api);
  const added = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  expect(added.status).toBe(200);
  await api.runtime.dispatcher.idle();
}

beforeAll(async () => {
  feeds = await startFeedServer();
  throttledHost = await startFeedServer();
  await follow(["Quantum Sensors"]);
  // Time only moves forward in this file (sources remember when they were fetched), so the
  // clock is frozen here and `travel` is never undone between tests.
  travel(0);
});
afterAll(async () => {
  await feeds?.close();
  await throttledHost?.close();
});

const local = { allowPrivateFeeds: false } as const;
const HOUR = 3_600_000;
const MAX_BYTES = 5 * 1024 * 1024;

/** A catalogue entry for a feed on the local feed server (catalogue sources may be local). */
const entry = (sourceId: string, path: string, name = `Source ${sourceId}`, server = feeds) => ({
  sourceId,
  name,
  siteUrl: `https://${sourceId}.example`,
  feedUrl: `${server.url}${path}`,
  type: "rss" as const,
});

async function addSources(...entries: Array<ReturnType<typeof entry>>) {
  await Sources.ensureCatalogue(entries);
}

async function articlesOf(sourceId: string) {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all" });
  return data;
}

async function source(sourceId: string) {
  const found = await Sources.get(sourceId);
  if (!found) throw new Error(`no source ${sourceId}`);
  return found;
}

/** Runs the scheduled ingest job and waits until the feed queue has drained. */
async function runIngestJob() {
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
}

/** Past the guard that stops a redelivered message from fetching a source twice in a row. */
const pastRefetchGuard = () => travel(FETCH_POLICY.refetchGuardMs + 1_000);

const items = (prefix: string, count: number, spacingHours = 1): FeedItem[] =>
  Array.from({ length: count }, (_, i) => ({
    title: `${prefix} story number ${i + 1}`,
    summary: `${prefix} summary ${i + 1}`,
    link: `https://${prefix.toLowerCase().replace(/\W+/g, "-")}.example/${i + 1}`,
    ageHours: 0.5 + i * spacingHours,
  }));

/** Text encoded as windows-1252 (Latin-1 plus the typographic characters at 0x80–0x9F). */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { "€": 0x80, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97 };
  return Buffer.from([...text].map((c) => high[c] ?? c.charCodeAt(0)));
}

describe("the ingest job", () => {
  it("queues a source the moment it joins the catalogue, and leases it so the next tick does not queue it again", async () => {
    feeds.set("/fresh.xml", { body: rss("Fresh Ink", items("Fresh Ink", 2)) });
    await addSources(entry("fresh", "/fresh.xml"));
    expect((await Sources.readDue(Date.now(), 500)).map((s) => s.sourceId)).toContain("fresh");
    const first = (await api.runtime.dispatcher.runJob("ingest")) as { queued: number };
    const second = (await api.runtime.dispatcher.runJob("ingest")) as { queued: number };
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(second).toMatchObject({ queued: 0 });
    await api.runtime.dispatcher.idle();
    expect(feeds.hits("/fresh.xml")).toBe(1);
    expect(await articlesOf("fresh")).toHaveLength(2);
    expect((await Sources.readDue(Date.now(), 500)).map((s) => s.sourceId)).not.toContain("fresh");
  });
});

describe("conditional GET", () => {
  it("sends the stored ETag; a 304 stores nothing, reports not-modified and keeps the source healthy", async () => {
    feeds.set("/cond.xml", { etag: '"cond-1"', body: rss("Conditional Times", items("Conditional", 3)) });
    await addSources(entry("cond", "/cond.xml"));

    expect(await ingestSource("cond", local)).toMatchObject({ status: "ok", added: 3 });
    expect(feeds.requests("/cond.xml")[0]!.headers["if-none-match"]).toBeUndefined();
    expect((await source("cond")).etag).toBe('"cond-1"');

    // The feed gains an item without changing its ETag: the server answers 304 and that
    // answer is trusted — nothing is parsed or stored.
    feeds.set("/cond.xml", {
      etag: '"cond-1"',
      body: rss("Conditional Times", [{ title: "A late extra story appears", link: "https://cond.example/extra" }]),
    });
    pastRefetchGuard();
    const second = await ingestSource("cond", local);
    expect(second).toEqual({ sourceId: "cond", status: "not-modified", added: 0, duplicates: 0, matched: 0 });
    const [, again] = feeds.requests("/cond.xml");
    expect(again!.headers["if-none-match"]).toBe('"cond-1"');
    expect(await articlesOf("cond")).toHaveLength(3);
    const after = await source("cond");
    expect(after).toMatchObject({ health: "ok", consecutiveFailures: 0, lastFetchedAt: Date.now() });
    expect(after.lastError).toBeUndefined();
    expect(after.nextFetchAt).toBe(Date.now() + after.intervalSeconds * 1000);

    // A new ETag means new content: it is fetched and stored.
    feeds.set("/cond.xml", {
      etag: '"cond-2"',
      body: rss("Conditional Times", [{ title: "A late extra story appears", link: "https://cond.example/extra" }]),
    });
    pastRefetchGuard();
    expect(await ingestSource("cond", local)).toMatchObject({ status: "ok", added: 1 });
    expect(await articlesOf("cond")).toHaveLength(4);
    expect((await source("cond")).etag).toBe('"cond-2"');
  });

  it("sends the stored Last-Modified as If-Modified-Since", async () => {
    const lastModified = "Tue, 02 Jan 2024 10:00:00 GMT";
    feeds.set("/since.xml", { lastModified, body: rss("Since Weekly", items("Since Weekly", 2)) });
    await addSources(entry("since", "/since.xml"));
    expect(await ingestSource("since", local)).toMatchObject({ status: "ok", added: 2 });
    pastRefetchGuard();
    expect((await ingestSource("since", local)).status).toBe("not-modified");
    expect(feeds.requests("/since.xml")[1]!.headers["if-modified-since"]).toBe(lastModified);
    expect(await articlesOf("since")).toHaveLength(2);
  });
});

describe("titles", () => {
  it("stores a title without a trailing source name, and keeps any other tail", async () => {
    feeds.set("/ledger.xml", {
      body: rss("Harbor Ledger", [
        { title: "Tides rise early - Harbor Ledger", link: "https://ledger.example/1", ageHours: 1 },
        { title: "Dredging the east channel | HARBOR LEDGER", link: "https://ledger.example/2", ageHours: 2 },
        { title: "Ferries return — what changes", link: "https://ledger.example/3", ageHours: 3 },
      ]),
    });
    await addSources(entry("ledger", "/ledger.xml", "Harbor Ledger"));
    expect(await ingestSource("ledger", local)).toMatchObject({ status: "ok", added: 3 });
    const titles = (await articlesOf("ledger")).map((a) => a.title).sort();
    expect(titles).toEqual(["Dredging the east channel", "Ferries return — what changes", "Tides rise early"]);
  });
});

describe("de-duplication", () => {
  it("re-ingesting the same feed (no validators) stores nothing twice", async () => {
    feeds.set("/again.xml", { body: rss("Again Gazette", items("Again Gazette", 4)) });
    await addSources(entry("again", "/again.xml"));
    expect(await ingestSource("again", local)).toMatchObject({ status: "ok", added: 4, duplicates: 0 });
    for (let round = 0; round < 2; round++) {
      pastRefetchGuard();
      expect(await ingestSource("again", local)).toMatchObject({ status: "ok", added: 0, duplicates: 0 });
    }
    expect(feeds.hits("/again.xml")).toBe(3);
    const stored = await articlesOf("again");
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((a) => a.link)).size).toBe(4);
    expect(stored.every((a) => a.duplicateOf === undefined)).toBe(true);
  });

  it("links a near-identical title from another source as a duplicate, and only the first gets postings", async () => {
    feeds.set("/first-wire.xml", {
      body: rss("First Wire", [
        {
          title: "Quantum sensors map the ocean floor in record detail",
          link: "https://first-wire.example/quantum-ocean",
          summary: "Divers were not needed.",
        },
      ]),
    });
    feeds.set("/second-wire.xml", {
      body: rss("Second Wire", [
        {
          title: "Quantum Sensors Map the Ocean Floor in Record Detail! | Second Wire",
          link: "https://second-wire.example/2024/ocean-floor",
          summary: "A syndicated copy.",
        },
      ]),
    });
    await addSources(entry("first-wire", "/first-wire.xml"), entry("second-wire", "/second-wire.xml"));

    expect(await ingestSource("first-wire", local)).toMatchObject({ added: 1, matched: 1 });
    expect(await ingestSource("second-wire", local)).toMatchObject({ added: 0, duplicates: 1, matched: 0 });

    const [original] = await articlesOf("first-wire");
    const [copy] = await articlesOf("second-wire");
    expect(original!.duplicateOf).toBeUndefined();
    expect(copy!.duplicateOf).toBe(original!.articleId);

    const postings = (await postingsFor([phraseKey("Quantum Sensors")], 0, 1000)).get(phraseKey("Quantum Sensors"))!;
    expect(postings.map((p) => p.articleId)).toEqual([original!.articleId]);
  });
});

describe("matching", () => {
  it("matches new articles against a topic someone added while ingestion was already running", async () => {
    feeds.set("/tidal.xml", {
      body: rss("Tidal Weekly", [
        { title: "Harbour dredging schedule for spring", link: "https://tidal.example/dredging" },
      ]),
    });
    await addSources(entry("tidal", "/tidal.xml"));
    // The ingester has read the dictionary before the topic exists.
    expect(await ingestSource("tidal", local)).toMatchObject({ added: 1, matched: 0 });

    await follow(["Tidal Turbines"]);
    feeds.set("/tidal.xml", {
      body: rss("Tidal Weekly", [
        { title: "Tidal turbines power a small island through winter", link: "https://tidal.example/island" },
      ]),
    });
    pastRefetchGuard();
    expect(await ingestSource("tidal", local)).toMatchObject({ added: 1, matched: 1 });
    const island = (await articlesOf("tidal")).find((a) => a.link === "https://tidal.example/island");
    const postings = (await postingsFor([phraseKey("Tidal Turbines")], 0, 1000)).get(phraseKey("Tidal Turbines"))!;
    expect(postings.map((p) => p.articleId)).toEqual([island!.articleId]);
  });
});

describe("a corpus of hostile feeds", () => {
  const good = {
    "/good-one.xml": rss("Harbour Notes", items("Harbour Notes", 4)),
    "/good-two.xml": rss("Orchard Post", items("Orchard Post", 3)),
  };
  const cp1252Title = "Crème brûlée, “the” classic – revisited";
  const mislabelledTitle = "Déjà vu at the Müller café — €5 coffee’s back";
  const windowsFeed = (title: string, link: string) =>
    windows1252(
      `<?xml version="1.0" encoding="windows-1252"?><rss version="2.0"><channel><title>Café Société</title>` +
        `<link>https://cafe.example/</link><item><title>${title}</title><link>${link}</link>` +
        `<pubDate>${new Date(Date.now() - HOUR).toUTCString()}</pubDate></item></channel></rss>`,
    );
  const oversize = rss("Too Big Daily", [
    { title: "One enormous item", link: "https://too-big.example/1", summary: "x".repeat(MAX_BYTES + 1024) },
  ]);

  // name → [route, the error it must leave]
  const bad = {
    malformed: [
      {
        body: readFileSync(new URL("../../packages/core/src/lib/syndication/fixtures/malformed.xml", import.meta.url)),
      },
      /malformed XML/,
    ],
    html: [
      { body: "<!doctype html><html><body><h1>Welcome</h1></body></html>", contentType: "text/html" },
      /HTML page/,
    ],
    empty: [{ body: "" }, /empty/],
    oversize: [{ body: oversize, chunked: true }, new RegExp(`larger than ${MAX_BYTES} bytes`)],
    slow: [{ body: rss("Slow Lane", items("Slow Lane", 2)), delayMs: 20_000 }, /timed out/],
    throttled: [
      { status: 429, body: "slow down", headers: { "retry-after": "30000" } },
      /HTTP 429.*retry after 30000 s/,
    ],
    erroring: [{ status: 500, body: "oops" }, /HTTP 500/],
  } as const;
  const badIds = Object.keys(bad).map((name) => `bad-${name}`);

  it("never stops ingestion: good feeds are stored whole; bad ones fail with a readable error, back off more each time, and recover", async () => {
    for (const [path, body] of Object.entries(good)) feeds.set(path, { body });
    feeds.set("/cp1252.xml", {
      body: windowsFeed(cp1252Title, "https://cafe.example/creme"),
      contentType: "application/rss+xml",
    });
    // Declared UTF-8 by the server, but the bytes are windows-1252.
    feeds.set("/mislabelled.xml", {
      body: windowsFeed(mislabelledTitle, "https://cafe.example/deja-vu"),
      contentType: "text/xml; charset=utf-8",
    });
    const serverOf = (name: string) => (name === "throttled" ? throttledHost : feeds);
    for (const [name, [route]] of Object.entries(bad)) serverOf(name).set(`/bad-${name}.xml`, { ...route });
    await addSources(
      entry("good-one", "/good-one.xml"),
      entry("good-two", "/good-two.xml"),
      entry("cp1252", "/cp1252.xml"),
      entry("mislabelled", "/mislabelled.xml"),
      ...Object.keys(bad).map((name) => entry(`bad-${name}`, `/bad-${name}.xml`, undefined, serverOf(name))),
    );

    await runIngestJob();
    expect(api.runtime.dispatcher.deadLetters("IngestQueue")).toEqual([]);

    expect((await articlesOf("good-one")).map((a) => a.title).sort()).toEqual(
      items("Harbour Notes", 4)
        .map((i) => i.title)
        .sort(),
    );
    expect(await articlesOf("good-two")).toHaveLength(3);
    expect((await articlesOf("cp1252")).map((a) => a.title)).toEqual([cp1252Title]);
    expect((await articlesOf("mislabelled")).map((a) => a.title)).toEqual([mislabelledTitle]);
    for (const id of ["good-one", "good-two", "cp1252", "mislabelled"]) {
      expect(await source(id)).toMatchObject({ health: "ok", consecutiveFailures: 0 });
    }

    const now = Date.now();
    for (const [name, [, error]] of Object.entries(bad)) {
      const s = await source(`bad-${name}`);
      expect(s, name).toMatchObject({ health: "failing", consecutiveFailures: 1, lastFetchedAt: now });
      expect(s.lastError, name).toMatch(error);
      // Backed off: later than a healthy source with the same interval would be read again.
      expect(s.nextFetchAt - now, name).toBeGreaterThan(s.intervalSeconds * 1000);
      expect(await articlesOf(`bad-${name}`), name).toEqual([]);
    }
    // Retry-After beyond the back-off is honoured.
    expect((await source("bad-throttled")).nextFetchAt).toBeGreaterThanOrEqual(now + 30_000 * 1000);

    // Later runs: back-off grows with each consecutive failure, Retry-After is honoured, and a
    // source that turns good recovers.
    const firstGap = new Map<string, number>();
    for (const id of badIds) {
      const s = await source(id);
      firstGap.set(id, s.nextFetchAt - s.lastFetchedAt!);
    }
    // The slow server is fast again and serves a good feed.
    feeds.set("/bad-slow.xml", { body: rss("Slow Lane", items("Slow Lane", 2)) });
    const throttledHits = throttledHost.hits("/bad-throttled.xml");

    // Past every first back-off, before the Retry-After.
    const firstDue = Math.max(...badIds.filter((id) => id !== "bad-throttled").map((id) => firstGap.get(id)!));
    travel(firstDue + 60_000);
    await runIngestJob();

    const slow = await source("bad-slow");
    expect(slow).toMatchObject({ health: "ok", consecutiveFailures: 0 });
    expect(slow.lastError).toBeUndefined();
    expect(await articlesOf("bad-slow")).toHaveLength(2);

    for (const id of badIds.filter((id) => id !== "bad-slow" && id !== "bad-throttled")) {
      const s = await source(id);
      expect(s, id).toMatchObject({ health: "failing", consecutiveFailures: 2, lastFetchedAt: Date.now() });
      expect(s.nextFetchAt - s.lastFetchedAt!, id).toBeGreaterThan(firstGap.get(id)!);
    }
    expect(throttledHost.hits("/bad-throttled.xml")).toBe(throttledHits);
    expect((await source("bad-throttled")).consecutiveFailures).toBe(1);

    // The erroring server is fixed; once its back-off is over, the source recovers.
    feeds.set("/bad-erroring.xml", { body: rss("Erroring Echo", items("Erroring Echo", 3)) });
    travel((await source("bad-erroring")).nextFetchAt - Date.now() + 60_000);
    await runIngestJob();
    const recovered = await source("bad-erroring");
    expect(recovered).toMatchObject({ health: "ok", consecutiveFailures: 0, lastSuccessAt: Date.now() });
    expect(recovered.lastError).toBeUndefined();
    expect(await articlesOf("bad-erroring")).toHaveLength(3);

    // Still inside Retry-After: the throttled source has not been asked again.
    const throttled = await source("bad-throttled");
    expect(throttled.nextFetchAt).toBeGreaterThan(Date.now());
    expect(throttledHost.hits("/bad-throttled.xml")).toBe(throttledHits);
    throttledHost.set("/bad-throttled.xml", { body: rss("Throttled Times", items("Throttled Times", 2)) });
    travel(throttled.nextFetchAt - Date.now() + 1_000);
    await runIngestJob();
    expect(throttledHost.hits("/bad-throttled.xml")).toBe(throttledHits + 1);
    expect(await source("bad-throttled")).toMatchObject({ health: "ok", consecutiveFailures: 0 });
  });
});

describe("a feed with broken items", () => {
  it("keeps every good item", async () => {
    feeds.set("/mixed.xml", {
      body: readFileSync(
        new URL("../../packages/core/src/lib/syndication/fixtures/partly-broken.xml", import.meta.url),
      ),
    });
    await addSources(entry("mixed", "/mixed.xml"));
    expect(await ingestSource("mixed", local)).toMatchObject({ status: "ok", added: 3 });
    expect((await articlesOf("mixed")).map((a) => a.title).sort()).toEqual([
      "Date nobody can read",
      "First good item",
      "Second good item",
    ]);
    expect(await source("mixed")).toMatchObject({ health: "ok" });
  });

  it("keeps the good items around one that cannot be stored", async () => {
    const good = items("Lantern Review", 4);
    const body = rss("Lantern Review", good).replace(
      "<item>",
      // An item with markup where text belongs and nothing to link to: it cannot be stored.
      "<item><title><b>bold</b></title><link/><guid><x/></guid><pubDate><y/></pubDate></item><item>",
    );
    feeds.set("/lantern.xml", { body });
    await addSources(entry("lantern", "/lantern.xml"));
    expect(await ingestSource("lantern", local)).toMatchObject({ status: "ok", added: 4 });
    expect((await articlesOf("lantern")).map((a) => a.title).sort()).toEqual(good.map((i) => i.title).sort());
  });
});

describe("the feed worker", () => {
  const record = (messageId: string, body: string): SQSRecord => ({
    messageId,
    receiptHandle: `${messageId}#1`,
    body,
    attributes: {
      ApproximateReceiveCount: "1",
      SentTimestamp: "0",
      SenderId: "000000000000",
      ApproximateFirstReceiveTimestamp: "0",
    },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:local:000000000000:IngestQueue",
    awsRegion: "local",
  });
  const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

  it("reports only the message whose job threw, and drops malformed messages without retrying them", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const run = vi.fn(async (job: IngestJob) => {
        if (job.kind === "source" && job.sourceId === "explodes") throw new Error("table unavailable");
        return { ok: true };
      });
      const result = await ingestWorker(run)(
        event(
          record("m-ok", JSON.stringify({ kind: "source", sourceId: "fine" })),
          record("m-throws", JSON.stringify({ kind: "source", sourceId: "explodes" })),
          record("m-backfill", JSON.stringify({ kind: "backfill", phrases: ["kite"] })),
          record("m-not-json", "{not json"),
          record("m-no-id", JSON.stringify({ kind: "source" })),
          record("m-unknown", JSON.stringify({ kind: "reboot", sourceId: "x" })),
        ),
      );
      expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "m-throws" }] });
      expect(run.mock.calls.map(([job]) => job)).toEqual([
        { kind: "source", sourceId: "fine" },
        { kind: "source", sourceId: "explodes" },
        { kind: "backfill", phrases: ["kite"] },
      ]);
    } finally {
      quiet.mockRestore();
    }
  });

  it("treats a source that cannot be fetched as its health, not as a failed message", async () => {
    feeds.set("/down.xml", { status: 503, body: "down for maintenance" });
    await addSources(entry("down", "/down.xml"));
    const result = await ingestWorker()(event(record("m-down", JSON.stringify({ kind: "source", sourceId: "down" }))));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await source("down")).toMatchObject({ health: "failing", lastError: expect.stringMatching(/HTTP 503/) });
  });
});

describe("adaptive polling", () => {
  it("reads a source that publishes every 10 minutes more often than a daily one, within bounds", async () => {
    const cadence = (name: string, hours: number) =>
      rss(
        name,
        Array.from({ length: 8 }, (_, i) => ({
          title: `${name} bulletin edition ${i + 1}`,
          link: `https://${name.toLowerCase()}.example/${i + 1}`,
          ageHours: 0.1 + i * hours,
        })),
      );
    feeds.set("/frequent.xml", { body: cadence("Frequent", 1 / 6) });
    feeds.set("/daily-cadence.xml", { body: cadence("Dailyish", 24) });
    feeds.set("/weekly-cadence.xml", { body: cadence("Weeklyish", 24 * 7) });
    await addSources(
      entry("frequent", "/frequent.xml"),
      entry("daily-cadence", "/daily-cadence.xml"),
      entry("weekly-cadence", "/weekly-cadence.xml"),
    );
    for (const id of ["frequent", "daily-cadence", "weekly-cadence"]) {
      expect((await ingestSource(id, local)).status).toBe("ok");
    }
    const frequent = await source("frequent");
    const daily = await source("daily-cadence");
    const weekly = await source("weekly-cadence");
    expect(frequent.intervalSeconds).toBeLessThan(daily.intervalSeconds);
    expect(daily.intervalSeconds).toBeLessThanOrEqual(weekly.intervalSeconds);
    for (const s of [frequent, daily, weekly]) {
      expect(s.intervalSeconds).toBeGreaterThanOrEqual(FETCH_POLICY.minIntervalSeconds);
      expect(s.intervalSeconds).toBeLessThanOrEqual(FETCH_POLICY.maxIntervalSeconds);
      // The interval is what schedules the next fetch.
      expect(s.nextFetchAt).toBe(s.lastFetchedAt! + s.intervalSeconds * 1000);
    }
    // Every 10 minutes is faster than the floor allows; once a week is slower than the ceiling.
    expect(frequent.intervalSeconds).toBe(FETCH_POLICY.minIntervalSeconds);
    expect(weekly.intervalSeconds).toBe(FETCH_POLICY.maxIntervalSeconds);
    expect(daily.intervalSeconds).toBeGreaterThan(FETCH_POLICY.minIntervalSeconds);
    expect(daily.intervalSeconds).toBeLessThan(FETCH_POLICY.maxIntervalSeconds);
  });
});
