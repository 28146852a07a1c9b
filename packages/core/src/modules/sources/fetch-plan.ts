import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import { conditionally } from "../../adapters/dynamo/index.ts";
import { SOURCES_PER_HOST_JOB } from "../../adapters/queues/rules.ts";
import {
  advanceHostLease,
  holdHost,
  hostOf,
  hostsByName,
  releaseHostLease,
  renewHostLease,
  takeHostLease,
} from "./hosts.ts";
import { SourceEntity, type Source } from "./source.entity.ts";

/** How feeds are fetched at scale: what one tick takes on, and how hard a host is asked. */
export const FETCH_SCHEDULE = {
  /** Due sources one tick reads at most (oldest due first); the rest wait for the next tick. */
  maxDuePerTick: 2_000,
  /** Items a page of the due index holds. */
  pageSize: 500,
  /** Sources one host job carries at most. */
  sourcesPerJob: SOURCES_PER_HOST_JOB,
  /**
   * Sources one run of a host job fetches at most, and how long it goes on starting them; the
   * rest go on in a new message under the same lease, so a run stays well inside a worker's
   * time limit (5 minutes) even when every fetch times out, and no run waits on one slow feed
   * before the host's next ones are asked.
   */
  sourcesPerRun: SOURCES_PER_HOST_JOB,
  runBudgetMs: 60_000,
  /** Requests open at once to one host. */
  hostLimit: 4,
  /** Requests open at once in one worker process, whatever their hosts. */
  globalLimit: 16,
  /** Sources of one host job in work at once (their requests within `hostLimit`, the rest storing). */
  sourcesAtOnce: 8,
  /**
   * How long a host lease and a queued source's lease last: longer than a worker may run
   * (5 minutes) with room for the queue's delay. A worker that dies frees both by then.
   */
  leaseMs: 10 * 60_000,
  /** A due source left out of this tick's job (its host's job is full: a very large host) waits about one tick. */
  deferMs: 5 * 60_000,
  /** Writes one tick makes at once. */
  tickWrites: 32,
} as const;

/** One host's due sources, leased to one job. */
export interface HostBatch {
  host: string;
  leaseId: string;
  sourceIds: string[];
}

export interface TickPlan {
  batches: HostBatch[];
  /** Items the tick read from the due index. */
  read: number;
  /** Due sources left for later: their host is leased, held back by `Retry-After`, or its job is full. */
  deferred: number;
}

/**
 * Sources due at `now`, oldest due first, at most `max`, in pages: the query is bounded by
 * `nextFetchAt`, so what it reads grows with the due sources only, never with the catalogue.
 */
export async function readDue(now: number, max: number, pageSize: number = FETCH_SCHEDULE.pageSize): Promise<Source[]> {
  const found: Source[] = [];
  let cursor: string | null = null;
  do {
    // `lt(now + 1)`, not `lte(now)`: on a partial sort key ElectroDB's lte leaves out the items
    // whose nextFetchAt is exactly `now` (their keys continue past the compared prefix).
    const page: { data: Source[]; cursor: string | null } = await SourceEntity.query
      .dueForFetch({ catalogue: "sources" })
      .lt({ nextFetchAt: now + 1 })
      .go({ cursor, limit: Math.min(pageSize, max - found.length), order: "asc" });
    found.push(...page.data);
    cursor = page.cursor;
  } while (cursor && found.length < max);
  return found;
}

/**
 * The tick: reads the due sources, groups them by host and leases each free host to one job
 * carrying up to `sourcesPerJob` of its due sources, each leased too (so the next tick does not
 * queue it again, and it comes due again if its job is lost). A due source left out waits: until
 * its host's lease ends, until its host's `Retry-After`, or about one tick when its host's job
 * is full. Every write to a source is conditional on the `nextFetchAt` read, so two ticks at
 * once never hand the same source to two jobs.
 */
export async function takeDue(now = Date.now(), limits = FETCH_SCHEDULE): Promise<TickPlan> {
  const due = await readDue(now, limits.maxDuePerTick, limits.pageSize);
  const byHost = new Map<string, Source[]>();
  for (const source of due) {
    const host = hostOf(source.feedUrl);
    byHost.set(host, [...(byHost.get(host) ?? []), source]);
  }
  const hosts = await hostsByName([...byHost.keys()]);
  const writes = pLimit(limits.tickWrites);
  const batches: HostBatch[] = [];
  let deferred = 0;
  const defer = async (sources: Source[], until: number) => {
    deferred += sources.length;
    await Promise.all(sources.map((s) => writes(() => moveIfUnchanged(s, until))));
  };

  await Promise.all(
    [...byHost].map(async ([host, sources]) => {
      const state = hosts.get(host);
      if (state?.notBefore !== undefined && state.notBefore > now) return defer(sources, state.notBefore);
      if (state?.leasedUntil !== undefined && state.leasedUntil > now) return defer(sources, state.leasedUntil);
      const leaseId = randomUUID();
      const until = now + limits.leaseMs;
      // Another tick took it meanwhile: it read these sources too, and leases them itself.
      if (!(await writes(() => takeHostLease(host, leaseId, now, until)))) return;
      const taken = sources.slice(0, limits.sourcesPerJob);
      const [leased] = await Promise.all([
        Promise.all(taken.map((s) => writes(async () => ((await moveIfUnchanged(s, until)) ? s.sourceId : undefined)))),
        defer(sources.slice(limits.sourcesPerJob), now + limits.deferMs),
      ]);
      const sourceIds = leased.filter((id): id is string => id !== undefined);
      if (sourceIds.length === 0) return releaseHostLease(host, leaseId);
      batches.push({ host, leaseId, sourceIds });
    }),
  );
  return { batches, read: due.length, deferred };
}

/** Moves a source's next fetch to `until`, unless it changed since it was read; answers whether it moved. */
async function moveIfUnchanged(source: Source, until: number): Promise<boolean> {
  return conditionally(
    SourceEntity.patch({ sourceId: source.sourceId })
      .set({ nextFetchAt: until })
      .where((attr, { eq }) => eq(attr.nextFetchAt, source.nextFetchAt))
      .go(),
  );
}

/** Sources a host job did not get to (its host asked it to wait) come due at `until`, not counted as failures. */
export async function postpone(sourceIds: string[], until: number): Promise<void> {
  const writes = pLimit(FETCH_SCHEDULE.tickWrites);
  await Promise.all(
    sourceIds.map((sourceId) =>
      writes(async () => {
        // Deleted meanwhile: nothing to postpone.
        await conditionally(SourceEntity.patch({ sourceId }).set({ nextFetchAt: until }).go());
      }),
    ),
  );
}

export { advanceHostLease, holdHost, hostOf, releaseHostLease, renewHostLease };
