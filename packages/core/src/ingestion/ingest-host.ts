import pLimit from "p-limit";
import * as Sources from "../sources/index.ts";
import { FETCH_SCHEDULE } from "../sources/index.ts";
import { ingestSource, type IngestReport } from "./ingest-source.ts";

/** Fetches open at once in this process, whatever their hosts (one worker runs several host jobs at once). */
const processFetches = pLimit(FETCH_SCHEDULE.globalLimit);

export interface HostJob {
  host: string;
  leaseId: string;
  sourceIds: string[];
}

export interface HostReport {
  host: string;
  /** `lease-lost`: the job no longer held its host (released, or run out and taken): it fetched nothing. */
  status: "done" | "lease-lost";
  added: number;
  reports: IngestReport[];
  /** Sources not fetched because the host asked to wait (`Retry-After`); they come due then. */
  postponed: string[];
}

/**
 * Runs one host job: fetches its sources with at most `hostLimit` requests open to the host (and
 * `globalLimit` in the process), under the host lease the tick took. The lease is renewed first:
 * a job that no longer holds it fetches nothing (its sources come due again when their leases
 * end). A `Retry-After` holds the whole host back: the sources not yet started wait until then,
 * without a failure of their own. Done, the lease is released; if a fetch's bookkeeping throws,
 * the lease is kept and the error thrown, so the message is delivered again and the same job
 * carries on (what it already fetched is skipped by `ingestSource`'s refetch guard).
 */
export async function ingestHost(
  job: HostJob,
  options: { allowPrivateFeeds: boolean },
  fetchOne: (sourceId: string) => Promise<IngestReport> = (sourceId) => ingestSource(sourceId, options),
): Promise<HostReport> {
  const report: HostReport = { host: job.host, status: "done", added: 0, reports: [], postponed: [] };
  if (!(await Sources.renewHostLease(job.host, job.leaseId, Date.now() + FETCH_SCHEDULE.leaseMs))) {
    return { ...report, status: "lease-lost" };
  }
  const hostFetches = pLimit(FETCH_SCHEDULE.hostLimit);
  let notBefore: number | undefined;
  const settled = await Promise.allSettled(
    job.sourceIds.map((sourceId) =>
      hostFetches(() =>
        processFetches(async () => {
          if (notBefore !== undefined) {
            report.postponed.push(sourceId);
            return;
          }
          const fetched = await fetchOne(sourceId);
          report.reports.push(fetched);
          report.added += fetched.added;
          if (fetched.retryAfterSeconds !== undefined) {
            const until = Date.now() + fetched.retryAfterSeconds * 1000;
            notBefore = Math.max(notBefore ?? 0, until);
            await Sources.holdHost(job.host, until);
          }
        }),
      ),
    ),
  );
  if (notBefore !== undefined && report.postponed.length > 0) await Sources.postpone(report.postponed, notBefore);
  const failures = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected").map((s) => s.reason);
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `host ${job.host}: ${failures.length} of ${job.sourceIds.length} sources failed`,
    );
  }
  await Sources.releaseHostLease(job.host, job.leaseId);
  return report;
}
