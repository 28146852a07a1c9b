import type { SQSEvent } from "aws-lambda";
import * as Sources from "@graph/core/modules/sources";
import { queues } from "@graph/functions/jobs/queues";
import type { Runtime } from "@graph/local/runtime";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { behaviourOf, FeedFarm } from "./feed-farm.ts";
import { countReads, type Reads } from "./reads.ts";
import { WRITE_COMMANDS } from "../support/dynamo-costs.ts";
import { ratio } from "./stats.ts";

/** Feeds in the main run (`INGEST_FEEDS`), their latency (`INGEST_LATENCY`: ms, or "random" for 50–500). */
const FEEDS = Number(process.env.INGEST_FEEDS ?? 10_000);
const LATENCY: number | "random" =
  (process.env.INGEST_LATENCY ?? "random") === "random" ? "random" : Number(process.env.INGEST_LATENCY);
/** How often the bench runs the scheduled tick (every 5 minutes on AWS; compressed here). */
const TICK_MS = Number(process.env.INGEST_TICK_MS ?? 1000);
const BIG_HOST_FEEDS = 400;
const OTHER_HOSTS = 40;
/**
 * The goal: 1,000 feeds at 200 ms fetched within 45 s, no host above its limit, at most 2
 * DynamoDB write requests a stored article and 2 queries a fetched feed.
 */
const GOAL = { feeds: 1000, latencyMs: 200, seconds: 45, writesPerArticle: 2, queriesPerFeed: 2 };
/** Sources due when the tick's reads are measured, among 1,000 and 10,000 that are not. */
const DUE_AT_TICK = 20;
const CRASH_FEEDS = 200;
const GIVE_UP_MS = 30 * 60_000;

const INGEST_HANDLER = queues.find((q) => q.name === "IngestQueue")!.handler;
const CRASH = "ingest bench: the worker died mid-batch";
type Handler = (event: unknown, context?: unknown) => Promise<unknown>;

/** The worker's invocations, timed, and (when asked) killed half-way through their batch. */
class WorkerWatch {
  invocations = 0;
  records = 0;
  busyMs = 0;
  crashes = 0;
  crashMidBatch = false;

  wrap(real: Handler): Handler {
    return async (event, context) => {
      const records = (event as SQSEvent).Records;
      this.invocations++;
      this.records += records.length;
      const started = performance.now();
      try {
        const firstDelivery = records.every((r) => r.attributes.ApproximateReceiveCount === "1");
        if (this.crashMidBatch && firstDelivery && records.length >= 2) {
          // The first half is handled in full (fetched, stored, recorded); then the worker dies
          // before it answers, as a Lambda killed mid-batch does: the whole batch comes back.
          await real({ Records: records.slice(0, Math.floor(records.length / 2)) }, context);
          this.crashes++;
          throw new Error(CRASH);
        }
        return await real(event, context);
      } finally {
        this.busyMs += performance.now() - started;
      }
    };
  }
}

/**
 * Ingestion at scale on the local runtime: a farm of feeds on loopback hosts (slow, failing,
 * hanging, unchanged), registered as catalogue sources and fetched through the real scheduled
 * tick, ingest queue and worker. Prints the time to fetch every due source once, throughput,
 * DynamoDB per feed and article, memory, the most requests open to one host, the tick's reads
 * at 1,000 against 10,000 sources, and a run whose worker dies mid-batch.
 */
export async function ingestBench(runtime: Runtime) {
  const farm = await FeedFarm.start({ bigHostFeeds: BIG_HOST_FEEDS, otherHosts: OTHER_HOSTS, latency: LATENCY });
  const watch = new WorkerWatch();
  wrapIngestWorker(runtime, watch);
  const reads = countReads();
  const entry = (feed: number, prefix = "farm") => ({
    sourceId: `${prefix}-${feed}`,
    name: `Farm feed ${feed}`,
    siteUrl: farm.url(feed).replace(/\.xml$/, ""),
    feedUrl: farm.url(feed),
    type: "rss" as const,
  });
  try {
    console.log("\n## ingest at scale (local runtime, feed farm on loopback)");
    const latency = LATENCY === "random" ? "50–500 ms at random" : `${LATENCY} ms`;
    console.log(
      `${FEEDS.toLocaleString("en")} feeds on ${farm.hostCount} hosts (${BIG_HOST_FEEDS} on 127.0.1.1, the rest over ${OTHER_HOSTS}), latency ${latency}, ` +
        `5% answer 5xx, 1% never answer; a tick every ${TICK_MS} ms`,
    );

    // --- the tick's reads with few sources due, among 1,000 and among 10,000 that are not ---
    const tickFeeds = (round: number) => Array.from({ length: DUE_AT_TICK }, (_, i) => FEEDS + round * DUE_AT_TICK + i);
    const tickReads: Reads[] = [];
    let idle = 0;
    for (const [round, total] of [1000, 10_000].entries()) {
      await putIdleSources(idle, total, farm);
      idle = total;
      await Sources.ensureCatalogue(tickFeeds(round).map((f) => entry(f, "tick")));
      // The queue is held while the tick runs, so the workers' reads are not counted as its.
      runtime.dispatcher.hold("IngestQueue");
      const before = reads.snapshot();
      const result = (await runtime.dispatcher.runJob("ingest")) as { queued: number };
      tickReads.push(reads.since(before));
      runtime.dispatcher.release("IngestQueue");
      if (result.queued !== DUE_AT_TICK) console.log(`  (the tick queued ${result.queued}, not ${DUE_AT_TICK})`);
      await runtime.dispatcher.idle();
    }
    const [small, large] = tickReads as [Reads, Reads];
    console.log(
      `tick with ${DUE_AT_TICK} due: among 1,000 sources ${small.items} items read in ${small.requests} requests (${small.detail}); ` +
        `among 10,000 ${large.items} items in ${large.requests} requests (${large.detail}) — ${ratio(large.items, Math.max(1, small.items))} the items for 10× the sources`,
    );

    // --- the main run: every source due once ---
    const main = Array.from({ length: FEEDS }, (_, i) => i);
    for (let i = 0; i < FEEDS; i += 500) await Sources.ensureCatalogue(main.slice(i, i + 500).map((f) => entry(f)));
    const first = await fetchAll(runtime, farm, reads, main, "farm");
    print("first fetch of every source", first, farm);
    const expectFailed = main.filter((f) => behaviourOf(f) !== "ok").length;
    console.log(
      `  farm answered ${farm.answered.ok} documents, ${farm.answered.error} errors, held ${farm.answered.hung} requests unanswered; ` +
        `${expectFailed} sources were meant to fail`,
    );
    const writes = writeRequests(first.dynamo) / Math.max(1, first.articles);
    const queries = (first.dynamo.byCommand?.Query ?? 0) / Math.max(1, first.fetched);
    const costMet = writes <= GOAL.writesPerArticle && queries <= GOAL.queriesPerFeed;
    console.log(
      `  ${writes.toFixed(2)} write requests a stored article, ${queries.toFixed(2)} queries a fetched feed ` +
        `(goal: at most ${GOAL.writesPerArticle} and ${GOAL.queriesPerFeed}) — ${costMet ? "met" : "NOT met"}`,
    );
    if (FEEDS === GOAL.feeds && LATENCY === GOAL.latencyMs) {
      const met = first.seconds <= GOAL.seconds;
      console.log(
        `goal: ${GOAL.feeds.toLocaleString("en")} feeds at ${GOAL.latencyMs} ms fetched within ${GOAL.seconds} s — ${met ? "met" : "NOT met"} (${first.seconds.toFixed(1)} s; most open to one host ${Math.max(...first.peaks)})`,
      );
    } else {
      console.log(
        `goal (${GOAL.feeds} feeds at ${GOAL.latencyMs} ms within ${GOAL.seconds} s): run with INGEST_FEEDS=1000 INGEST_LATENCY=200`,
      );
    }

    // --- steady state: every source due again, one in ten with a new item, the rest 304 ---
    for (const f of main) if (f % 10 === 0) farm.publish(f);
    for (let i = 0; i < FEEDS; i += 500) {
      await Promise.all(
        main.slice(i, i + 500).map((f) =>
          // Due now, and last fetched before the refetch guard's minute (as an hour later would
          // be): a source fetched in the first run's last minute is otherwise taken for a
          // redelivered message and skipped until its lease ends.
          SourceEntity.patch({ sourceId: `farm-${f}` })
            .set({ nextFetchAt: 0 })
            .subtract({ lastFetchedAt: Sources.FETCH_POLICY.refetchGuardMs })
            .go(),
        ),
      );
    }
    const before304 = { ...farm.answered };
    const again = await fetchAll(runtime, farm, reads, main, "farm");
    print("refetch (1 in 10 changed, the rest 304)", again, farm);
    console.log(
      `  farm answered ${farm.answered.notModified - before304.notModified} × 304 and ${farm.answered.ok - before304.ok} documents; ` +
        `a refetch costs ${ratio(first.dynamo.requests / first.fetched, again.dynamo.requests / again.fetched)} fewer DynamoDB requests a feed than a first fetch`,
    );

    // --- a worker that dies mid-batch: nothing may be lost ---
    const crashFeeds = Array.from({ length: CRASH_FEEDS }, (_, i) => FEEDS + 2 * DUE_AT_TICK + i);
    await Sources.ensureCatalogue(crashFeeds.map((f) => entry(f, "crash")));
    watch.crashMidBatch = true;
    const crashesBefore = watch.crashes;
    const requestsBefore = new Map(farm.requestsPerFeed);
    // The dispatcher logs each death with its stack; they are counted here instead.
    const logError = console.error;
    console.error = (...args: unknown[]) => {
      if (!args.some((a) => a instanceof Error && a.message === CRASH)) logError(...args);
    };
    let crashed: RunFigures;
    try {
      crashed = await fetchAll(runtime, farm, reads, crashFeeds, "crash");
    } finally {
      watch.crashMidBatch = false;
      console.error = logError;
    }
    const refetched = crashFeeds.filter(
      (f) => (farm.requestsPerFeed.get(f) ?? 0) - (requestsBefore.get(f) ?? 0) > 1,
    ).length;
    const dead = runtime.dispatcher.deadLetters("IngestQueue").length;
    console.log(
      `worker dies mid-batch: ${watch.crashes - crashesBefore} batches killed half-way; ${crashed.fetched} of ${CRASH_FEEDS} sources fetched ` +
        `(${crashed.fetched === CRASH_FEEDS ? "none lost" : "SOME LOST"}) in ${crashed.seconds.toFixed(1)} s, ${refetched} fetched twice, ${dead} dead letters`,
    );
    if (crashed.fetched !== CRASH_FEEDS) process.exitCode = 1;
    console.log(
      `worker: ${watch.invocations} invocations, ${watch.records} messages, ${(watch.busyMs / Math.max(1, watch.invocations)).toFixed(0)} ms an invocation on average`,
    );
  } finally {
    await farm.stop();
  }
}

interface RunFigures {
  fetched: number;
  articles: number;
  seconds: number;
  ticks: number;
  queued: number;
  dynamo: Reads;
  invocations: number;
  workerMs: number;
  peaks: number[];
  rss: number;
  heap: number;
}

/**
 * Runs the scheduled tick every TICK_MS until every source of `feeds` has been fetched once
 * since now (its `lastFetchedAt` set), and measures the run.
 */
async function fetchAll(
  runtime: Runtime,
  farm: FeedFarm,
  reads: ReturnType<typeof countReads>,
  feeds: number[],
  prefix: string,
) {
  const ids = feeds.map((f) => `${prefix}-${f}`);
  farm.reset();
  const watch = (runtime.dispatcher as unknown as { benchWatch: WorkerWatch }).benchWatch;
  const invocationsBefore = watch.invocations;
  const busyBefore = watch.busyMs;
  const before = reads.snapshot();
  let excluded: Reads = { requests: 0, items: 0, written: 0, detail: "" };
  const startedAt = Date.now();
  const started = performance.now();
  let rss = 0;
  let heap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 100);
  let ticks = 0;
  let queued = 0;
  let fetched: Sources.Source[] = [];
  try {
    for (;;) {
      const tickStarted = performance.now();
      const result = (await runtime.dispatcher.runJob("ingest")) as { queued?: number } | undefined;
      ticks++;
      queued += result?.queued ?? 0;
      // Until the next tick: its time comes, or the workers are done with everything queued.
      while (performance.now() - tickStarted < TICK_MS && !runtime.dispatcher.isIdle()) await wait(20);
      if (runtime.dispatcher.isIdle() && farm.settledCount(feeds) === feeds.length) {
        // The check's own reads are no part of the run.
        const check = reads.snapshot();
        fetched = (await byIds(ids)).filter((s) => (s.lastFetchedAt ?? 0) >= startedAt);
        const own = reads.since(check);
        excluded = {
          ...own,
          requests: excluded.requests + own.requests,
          items: excluded.items + own.items,
          written: excluded.written + own.written,
        };
        if (fetched.length === ids.length) break;
      }
      if (performance.now() - started > GIVE_UP_MS) {
        console.log(`  gave up after ${GIVE_UP_MS / 60_000} minutes`);
        break;
      }
      if (runtime.dispatcher.isIdle()) await wait(Math.max(0, TICK_MS - (performance.now() - tickStarted)));
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const total = reads.since(before);
  const dynamo = {
    ...total,
    requests: total.requests - excluded.requests,
    items: total.items - excluded.items,
    written: total.written - excluded.written,
  };
  return {
    fetched: fetched.length,
    articles: await storedSince(ids),
    seconds,
    ticks,
    queued,
    dynamo,
    invocations: watch.invocations - invocationsBefore,
    workerMs: watch.busyMs - busyBefore,
    peaks: farm.peaks(),
    rss,
    heap,
  } satisfies RunFigures;
}

/** Articles the sources gained since last asked, from their stored counts. */
const counted = new Map<string, number>();
async function storedSince(ids: string[]) {
  let added = 0;
  for (const s of await byIds(ids)) {
    added += s.articleCount - (counted.get(s.sourceId) ?? 0);
    counted.set(s.sourceId, s.articleCount);
  }
  return added;
}

async function byIds(ids: string[]) {
  const out: Sources.Source[] = [];
  for (let i = 0; i < ids.length; i += 1000) out.push(...(await Sources.byIds(ids.slice(i, i + 1000))));
  return out;
}

function print(label: string, run: RunFigures, farm: FeedFarm) {
  const peaks = run.peaks;
  const busiest = peaks.indexOf(Math.max(...peaks));
  const others = peaks.slice(1);
  console.log(
    `${label}: ${run.fetched.toLocaleString("en")} sources in ${run.seconds.toFixed(1)} s (${run.ticks} ticks queued ${run.queued}) — ` +
      `${(run.fetched / run.seconds).toFixed(1)} feeds/s, ${(run.articles / run.seconds).toFixed(1)} articles/s (${run.articles} stored)`,
  );
  console.log(
    `  DynamoDB: ${(run.dynamo.requests / run.fetched).toFixed(1)} requests a fetched feed, ${(run.dynamo.requests / Math.max(1, run.articles)).toFixed(1)} a stored article; ` +
      `${(run.dynamo.items / run.fetched).toFixed(1)} items read and ${(run.dynamo.written / run.fetched).toFixed(1)} written a feed (${run.dynamo.detail})`,
  );
  console.log(
    `  most open at once: ${Math.max(...peaks)} requests to one host (host ${busiest + 1} of ${farm.hostCount}); the ${BIG_HOST_FEEDS}-feed host ${peaks[0]}, ` +
      `the others ${Math.min(...others)}–${Math.max(...others)}; peak RSS ${mb(run.rss)}, heap ${mb(run.heap)} (the whole process: runtime, DynamoDB stand-in, farm)`,
  );
  console.log(
    `  worker: ${run.invocations} invocations, ${(run.fetched / Math.max(1, run.invocations)).toFixed(1)} feeds and ${(run.workerMs / Math.max(1, run.invocations)).toFixed(0)} ms each on average, ` +
      `${(run.workerMs / 1000 / run.fetched).toFixed(2)} s of worker time a feed`,
  );
}

/** Requests that wrote, of a run's. */
const writeRequests = (reads: Reads) => WRITE_COMMANDS.reduce((n, c) => n + (reads.byCommand?.[c] ?? 0), 0);

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts sources `from`..`to` in the catalogue, none due for a day: they must cost the tick nothing.
 */
async function putIdleSources(from: number, to: number, farm: FeedFarm) {
  const now = Date.now();
  const items = Array.from({ length: to - from }, (_, i) => ({
    sourceId: `idle-${from + i}`,
    name: `Idle feed ${from + i}`,
    siteUrl: `http://idle.example/${from + i}`,
    feedUrl: farm.url(0).replace(/\d+\.xml$/, `idle-${from + i}.xml`),
    type: "rss" as const,
    trusted: true,
    origin: "catalogue" as const,
    nextFetchAt: now + 86_400_000,
    createdAt: now,
  }));
  for (let i = 0; i < items.length; i += 1000) await SourceEntity.put(items.slice(i, i + 1000)).go();
}

/**
 * Times the ingest worker's invocations, and can kill them mid-batch, by wrapping the handler
 * the dispatcher loads (the worker itself runs unchanged).
 */
function wrapIngestWorker(runtime: Runtime, watch: WorkerWatch) {
  const dispatcher = runtime.dispatcher as unknown as {
    load?: (reference: string) => Promise<Handler>;
    benchWatch?: WorkerWatch;
  };
  const load = dispatcher.load;
  if (typeof load !== "function")
    throw new Error("ingest bench: the dispatcher no longer loads handlers through `load`");
  dispatcher.benchWatch = watch;
  dispatcher.load = async (reference) => {
    const handler = await load.call(runtime.dispatcher, reference);
    return reference === INGEST_HANDLER ? watch.wrap(handler) : handler;
  };
}
