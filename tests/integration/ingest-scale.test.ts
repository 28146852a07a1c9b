import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ingestHost, ingestSource } from "@graph/core/workflows/ingest";
import * as Sources from "@graph/core/modules/sources";
import { FETCH_SCHEDULE } from "@graph/core/modules/sources";
import { rss } from "../support/feeds.ts";
import { travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const local = { allowPrivateFeeds: false } as const;
const DAY = 24 * 3_600_000;

interface FeedHost {
  url: string;
  /** Its `host` as the schedule groups feeds by. */
  host: string;
  /** The most requests that were open to it at once. */
  maxOpen: number;
  hits(path: string): number;
  /** Answers `path` with this status and headers instead of the feed, at once. */
  refuse(path: string, status: number, headers: Record<string, string>): void;
  close(): Promise<void>;
}

/**
 * One host serving any `/<name>.xml` as a feed, after `delayMs`; it counts each path's requests
 * and the most requests open at once. Its items are two days apart, so a fetched source is next
 * due a day later: nothing in this file is fetched twice by the schedule's own clock.
 */
async function startHost(delayMs: number): Promise<FeedHost> {
  let open = 0;
  const hits = new Map<string, number>();
  const refusals = new Map<string, { status: number; headers: Record<string, string> }>();
  const timers = new Set<NodeJS.Timeout>();
  const state = { maxOpen: 0 };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    open++;
    state.maxOpen = Math.max(state.maxOpen, open);
    const done = () => {
      open--;
    };
    const refusal = refusals.get(path);
    if (refusal) {
      res.writeHead(refusal.status, refusal.headers).end("slow down");
      done();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      const name = path.replace(/\W+/g, " ").trim();
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(
        rss(`Feed ${name}`, [
          { title: `${name} first story`, link: `https://feeds.example${path}/1`, ageHours: 1 },
          { title: `${name} second story`, link: `https://feeds.example${path}/2`, ageHours: 49 },
        ]),
      );
      done();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    get maxOpen() {
      return state.maxOpen;
    },
    hits: (path) => hits.get(path) ?? 0,
    refuse: (path, status, headers) => refusals.set(path, { status, headers }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const hosts: FeedHost[] = [];
async function newHost(delayMs = 0) {
  const host = await startHost(delayMs);
  hosts.push(host);
  return host;
}

/** `count` catalogue sources `<prefix>-<i>` on `host`, due at `due`. */
async function addSources(host: FeedHost, prefix: string, count: number, due = Date.now()) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);
  await Sources.ensureCatalogue(
    ids.map((sourceId) => ({
      sourceId,
      name: `Source ${sourceId}`,
      siteUrl: `https://${sourceId}.example`,
      feedUrl: `${host.url}/${sourceId}.xml`,
      type: "rss" as const,
    })),
    due,
  );
  return ids;
}

async function tick() {
  return (await api.runtime.dispatcher.runJob("ingest")) as {
    queued: number;
    read: number;
    hosts?: number;
    deferred?: number;
  };
}

async function source(sourceId: string) {
  const found = await Sources.get(sourceId);
  if (!found) throw new Error(`no source ${sourceId}`);
  return found;
}

beforeAll(() => {
  // The clock only moves forward in this file (leases and Retry-After are clock times).
  travel(0);
});
afterEach(() => api.runtime.dynamoFaults.clear());
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
});

describe("the ingest tick", () => {
  it("reads only the due sources: of 1,000 sources, 10 due, it reads 10 in one bounded query", async () => {
    const host = await newHost();
    // 990 sources due in a year (as a retired source is: never due), 10 due now.
    await addSources(host, "idle", 990, Date.now() + 365 * DAY);
    const due = await addSources(host, "due", 10);
    const queries: Array<Record<string, unknown>> = [];
    api.runtime.dynamoFaults.inject({
      operation: "Query",
      error: "InternalServerError",
      match: (request) => {
        if (request.IndexName === "gsi1") queries.push(request);
        return false;
      },
    });
    expect(await tick()).toMatchObject({ queued: 10, read: 10, hosts: 1 });
    // One page, bounded by the clock: the query never reaches the sources not due.
    expect(queries).toHaveLength(1);
    expect(queries[0]!.KeyConditionExpression).toMatch(/#sk1 < :sk1|gsi1sk.*</);
    await api.runtime.dispatcher.idle();
    for (const id of due) expect(host.hits(`/${id}.xml`), id).toBe(1);
    expect(host.hits("/idle-000.xml")).toBe(0);
    expect(await tick()).toMatchObject({ queued: 0, read: 0 });
  });
});

describe("fetching one host", () => {
  it(`keeps at most ${FETCH_SCHEDULE.hostLimit} requests open to a host of 300 feeds, across ticks and workers, and fetches each once`, async () => {
    const host = await newHost(25);
    const ids = await addSources(host, "farm", 300);
    const fetched = () => ids.filter((id) => host.hits(`/${id}.xml`) > 0).length;

    for (let round = 0; round < 20 && fetched() < ids.length; round++) {
      // Two ticks at once hand the host to one job; a third, while that job is in work, to none.
      const [a, b] = await Promise.all([tick(), tick()]);
      expect((a.hosts ?? 0) + (b.hosts ?? 0)).toBeLessThanOrEqual(1);
      expect(a.queued + b.queued).toBeLessThanOrEqual(FETCH_SCHEDULE.sourcesPerJob);
      const during = await tick();
      if (!api.runtime.dispatcher.isIdle()) expect(during.queued).toBe(0);
      await api.runtime.dispatcher.idle();
      travel(FETCH_SCHEDULE.deferMs + 1_000);
    }
    expect(fetched()).toBe(ids.length);
    for (const id of ids) expect(host.hits(`/${id}.xml`), id).toBe(1);
    expect(host.maxOpen).toBeLessThanOrEqual(FETCH_SCHEDULE.hostLimit);
    // Not one at a time either.
    expect(host.maxOpen).toBeGreaterThan(1);
    expect(api.runtime.dispatcher.deadLetters("IngestQueue")).toEqual([]);
  });

  it("fetches nothing for a job whose host lease is no longer its own", async () => {
    const host = await newHost();
    const [id] = await addSources(host, "stale", 1);
    const report = await ingestHost({ host: host.host, leaseId: "a-lease-long-gone", sourceIds: [id!] }, local);
    expect(report).toMatchObject({ status: "lease-lost", reports: [] });
    expect(host.hits(`/${id}.xml`)).toBe(0);
  });

  it("holds back only the host that answered Retry-After, and only until then", async () => {
    const slow = await newHost(300);
    const other = await newHost();
    const now = Date.now();
    // The throttled feed is due first, so it is among the first requests to its host.
    const [throttled] = await addSources(slow, "throttled", 1, now - 1_000);
    const waiting = await addSources(slow, "polite", 9, now);
    const elsewhere = await addSources(other, "elsewhere", 5, now);
    slow.refuse(`/${throttled}.xml`, 429, { "retry-after": "600" });

    await tick();
    await api.runtime.dispatcher.idle();
    for (const id of elsewhere) expect(other.hits(`/${id}.xml`), id).toBe(1);
    expect(await source(throttled!)).toMatchObject({ health: "failing", consecutiveFailures: 1 });
    // Three were already on their way with it; the rest wait for the host, not failing themselves.
    const asked = waiting.filter((id) => slow.hits(`/${id}.xml`) > 0);
    const held = waiting.filter((id) => slow.hits(`/${id}.xml`) === 0);
    expect(asked.length).toBe(FETCH_SCHEDULE.hostLimit - 1);
    expect(held.length).toBe(waiting.length - asked.length);
    for (const id of held) {
      const s = await source(id);
      expect(s, id).toMatchObject({ health: "new", consecutiveFailures: 0 });
      expect(s.nextFetchAt, id).toBeGreaterThanOrEqual(now + 600_000);
    }

    // Five minutes on: the held host is left alone, another host's new source is fetched.
    travel(5 * 60_000);
    const [fresh] = await addSources(other, "fresh", 1);
    await tick();
    await api.runtime.dispatcher.idle();
    expect(other.hits(`/${fresh}.xml`)).toBe(1);
    for (const id of held) expect(slow.hits(`/${id}.xml`), id).toBe(0);

    // Past the Retry-After: each held source is fetched, once.
    travel(5 * 60_000 + 2_000);
    await tick();
    await api.runtime.dispatcher.idle();
    for (const id of held) {
      expect(slow.hits(`/${id}.xml`), id).toBe(1);
      expect(await source(id), id).toMatchObject({ health: "ok" });
    }
    expect(slow.hits(`/${throttled}.xml`)).toBe(1);
  });
});

describe("a host job of more than one run", () => {
  const perRun = 50;
  it(`fetches a run at a time under one lease, and a redelivered run whose next is queued fetches nothing`, async () => {
    const host = await newHost(5);
    const count = perRun * 2 + 20;
    const ids = await addSources(host, "runs", count);
    const plan = await Sources.takeDue(Date.now());
    const job = plan.batches.find((b) => b.host === host.host)!;
    expect(job.sourceIds).toHaveLength(count);

    // Run 0 fetches its run and hands the rest on; its message comes again after that.
    api.runtime.dispatcher.hold("IngestQueue");
    try {
      const limits = { sourcesPerRun: perRun, runBudgetMs: FETCH_SCHEDULE.runBudgetMs };
      const first = await ingestHost(job, local, undefined, limits);
      expect(first).toMatchObject({ status: "done", handedOn: count - perRun });
      expect(ids.filter((id) => host.hits(`/${id}.xml`) > 0)).toHaveLength(perRun);
      const again = await ingestHost(job, local, undefined, limits);
      expect(again).toMatchObject({ status: "lease-lost", reports: [] });
    } finally {
      api.runtime.dispatcher.release("IngestQueue");
    }
    // A tick meanwhile leaves the host to its job.
    expect(await tick()).toMatchObject({ queued: 0 });
    await api.runtime.dispatcher.idle();
    for (const id of ids) expect(host.hits(`/${id}.xml`), id).toBe(1);
    expect(host.maxOpen).toBeLessThanOrEqual(FETCH_SCHEDULE.hostLimit);
    // The last run gave the host back: a new source on it is queued at once.
    await addSources(host, "after-runs", 1);
    expect(await tick()).toMatchObject({ queued: 1, hosts: 1 });
    await api.runtime.dispatcher.idle();
  });
});

describe("a host job's run out of time", () => {
  it("starts no source after the run's time, hands the rest on, and the next run fetches them", async () => {
    const host = await newHost(5);
    const ids = await addSources(host, "late", 30);
    const plan = await Sources.takeDue(Date.now());
    const job = plan.batches.find((b) => b.host === host.host)!;
    api.runtime.dispatcher.hold("IngestQueue");
    try {
      // A run whose time is up at once still starts one source, so every run makes progress.
      const report = await ingestHost(job, local, undefined, { sourcesPerRun: 500, runBudgetMs: 0 });
      expect(report).toMatchObject({ status: "done", handedOn: ids.length - 1 });
      expect(ids.filter((id) => host.hits(`/${id}.xml`) > 0)).toHaveLength(1);
    } finally {
      api.runtime.dispatcher.release("IngestQueue");
    }
    await api.runtime.dispatcher.idle();
    for (const id of ids) expect(host.hits(`/${id}.xml`), id).toBe(1);
  });
});

describe("a worker that dies mid-batch", () => {
  it("loses nothing: a redelivered message finishes the job without fetching twice; a lost one comes due when the leases end", async () => {
    const redelivered = await newHost();
    const lost = await newHost();
    const again = await addSources(redelivered, "again", 6);
    const later = await addSources(lost, "later", 6);
    const plan = await Sources.takeDue(Date.now());
    const jobOf = (host: FeedHost) => plan.batches.find((b) => b.host === host.host)!;
    expect(jobOf(redelivered).sourceIds.sort()).toEqual(again);
    expect(jobOf(lost).sourceIds.sort()).toEqual(later);

    /** Runs the job in a process that dies after its first two fetches: nothing after is recorded or released. */
    const dying = async (job: Sources.HostBatch) => {
      let started = 0;
      const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
      await expect(
        ingestHost(job, local, async (sourceId) => {
          if (started++ >= 2) throw new Error("the process was killed");
          return ingestSource(sourceId, local);
        }),
      ).rejects.toThrow();
      quiet.mockRestore();
    };
    await dying(jobOf(redelivered));
    await dying(jobOf(lost));
    const fetchedOf = (host: FeedHost, ids: string[]) => ids.filter((id) => host.hits(`/${id}.xml`) > 0);
    expect(fetchedOf(redelivered, again)).toHaveLength(2);
    expect(fetchedOf(lost, later)).toHaveLength(2);

    // The message is delivered again: the same job, still holding its host, finishes.
    const report = await ingestHost(jobOf(redelivered), local);
    expect(report.status).toBe("done");
    expect(report.reports.filter((r) => r.status === "skipped")).toHaveLength(2);
    for (const id of again) expect(redelivered.hits(`/${id}.xml`), id).toBe(1);

    // The other message is gone with its worker: nothing is queued while the leases hold ...
    expect(await tick()).toMatchObject({ queued: 0 });
    // ... and once they end, the four it never fetched are, and fetched once.
    travel(FETCH_SCHEDULE.leaseMs + 1_000);
    expect(await tick()).toMatchObject({ queued: 4 });
    await api.runtime.dispatcher.idle();
    for (const id of later) expect(lost.hits(`/${id}.xml`), id).toBe(1);
  });
});
