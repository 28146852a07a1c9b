import pLimit from "p-limit";
import { enqueue, IngestQueue } from "../../adapters/queues/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import { FETCH_SCHEDULE } from "../../modules/sources/index.ts";
import { ingestSource, type FetchGate, type IngestReport } from "./ingest-source.ts";

/** Requests open at once in this process, whatever their hosts (one worker runs several host jobs at once). */
const processRequests = pLimit(FETCH_SCHEDULE.globalLimit);

export interface HostJob {
  host: string;
  leaseId: string;
  sourceIds: string[];
  /** Which run of the lease this is: 0 from the tick, then one more each time a run hands the rest on. */
  run?: number;
}

/** What bounds one run of a host job: how many sources it may take, and how long it may start them. */
export interface RunLimits {
  sourcesPerRun: number;
  runBudgetMs: number;
}

export interface HostReport {
  host: string;
  /** `lease-lost`: the job no longer held its host (released, or run out and taken): it fetched nothing. */
  status: "done" | "lease-lost";
  added: number;
  reports: IngestReport[];
  /** Sources not fetched because the host asked to wait (`Retry-After`); they come due then. */
  postponed: string[];
  /** Sources handed on to the lease's next run (a new message), when the job carried more than one run. */
  handedOn: number;
}

/**
 * Runs one host job: fetches a run of its sources (at most `sourcesPerRun`, started within
 * `runBudgetMs`) with at most `hostLimit`
 * requests open to the host (and `globalLimit` in the process), under the host lease the tick
 * took, then hands the rest on in a new message as the lease's next run (the lease moved on
 * first, so a redelivered earlier run finds it gone and fetches nothing: one run per host is in
 * work at a time, however messages are delivered). The lease is renewed first: a job that no
 * longer holds it fetches nothing (its sources come due again when their leases end). A
 * `Retry-After` holds the whole host back: the sources not yet started wait until then, without
 * a failure of their own. Done, the lease is released; if a fetch's bookkeeping throws, the
 * lease is kept and the error thrown, so the message is delivered again and the same run carries
 * on (what it already fetched is skipped by `ingestSource`'s refetch guard).
 */
export async function ingestHost(
  job: HostJob,
  options: { allowPrivateFeeds: boolean },
  fetchOne: (sourceId: string, gate: FetchGate) => Promise<IngestReport> = (sourceId, gate) =>
    ingestSource(sourceId, { ...options, gate }),
  limits: RunLimits = FETCH_SCHEDULE,
): Promise<HostReport> {
  const run = job.run ?? 0;
  const report: HostReport = { host: job.host, status: "done", added: 0, reports: [], postponed: [], handedOn: 0 };
  const startedAt = Date.now();
  if (!(await Sources.renewHostLease(job.host, job.leaseId, startedAt + FETCH_SCHEDULE.leaseMs, run))) {
    return { ...report, status: "lease-lost" };
  }
  const now = job.sourceIds.slice(0, limits.sourcesPerRun);
  /** Sources left for the next run: beyond this run's count, or not started within its time. */
  const rest = job.sourceIds.slice(limits.sourcesPerRun);
  const late: string[] = [];
  let started = 0;
  let notBefore: number | undefined;
  const holdUntil = (retryAfterSeconds: number) => {
    notBefore = Math.max(notBefore ?? 0, Date.now() + retryAfterSeconds * 1000);
  };
  // Only a request holds one of the host's places: the source's bookkeeping and storing what
  // came back run beside the next requests. A `Retry-After` is seen before the place is given back.
  const hostRequests = pLimit(FETCH_SCHEDULE.hostLimit);
  const gate: FetchGate = (request) =>
    hostRequests(() =>
      processRequests(async () => {
        if (notBefore !== undefined) return "held" as const;
        const outcome = await request();
        if (outcome.kind === "error" && outcome.retryAfterSeconds !== undefined) holdUntil(outcome.retryAfterSeconds);
        return outcome;
      }),
    );
  const sources = pLimit(FETCH_SCHEDULE.sourcesAtOnce);
  const settled = await Promise.allSettled(
    now.map((sourceId) =>
      sources(async () => {
        if (notBefore !== undefined) {
          report.postponed.push(sourceId);
          return;
        }
        // Past the run's time, no source is started: the run ends with the ones open, and the
        // rest go on. A slow or silent feed holds one place, never the sources behind it.
        // (One source is always started, so every run makes progress.)
        if (started > 0 && Date.now() - startedAt >= limits.runBudgetMs) {
          late.push(sourceId);
          return;
        }
        started++;
        const fetched = await fetchOne(sourceId, gate);
        if (fetched.status === "held") {
          report.postponed.push(sourceId);
          return;
        }
        report.reports.push(fetched);
        report.added += fetched.added;
        if (fetched.retryAfterSeconds !== undefined) holdUntil(fetched.retryAfterSeconds);
      }),
    ),
  );
  if (notBefore !== undefined) await Sources.holdHost(job.host, notBefore);
  rest.unshift(...late);
  if (notBefore !== undefined) report.postponed.push(...rest);
  if (notBefore !== undefined && report.postponed.length > 0) await Sources.postpone(report.postponed, notBefore);
  const failures = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason);
  if (failures.length > 0) {
    throw new AggregateError(failures, `host ${job.host}: ${failures.length} of ${now.length} sources failed`);
  }
  if (notBefore === undefined && rest.length > 0) {
    // Moved on before the next run is queued: should queueing fail, the message is delivered
    // again and finds the lease gone, and the rest come due again when their leases end.
    if (!(await Sources.advanceHostLease(job.host, job.leaseId, run, Date.now() + FETCH_SCHEDULE.leaseMs))) {
      return report;
    }
    await enqueue(IngestQueue, [{ kind: "host", host: job.host, leaseId: job.leaseId, sourceIds: rest, run: run + 1 }]);
    return { ...report, handedOn: rest.length };
  }
  await Sources.releaseHostLease(job.host, job.leaseId);
  return report;
}
