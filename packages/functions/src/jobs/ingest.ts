import { Resource } from "sst";
import { enqueue, IngestQueue } from "@graph/core/queues";
import * as Sources from "@graph/core/sources";

/**
 * Scheduled: reads the sources whose next fetch is due (the due index, bounded by the time and
 * by `FETCH_SCHEDULE.maxDuePerTick`), leases each free host to one job carrying its due sources
 * and queues the jobs; and queues again the check of every suggestion left pending too long
 * (its check was lost to a crash). `now` (an ISO time) runs it as of that moment.
 */
export async function handler(event: { now?: string } = {}) {
  const now = event.now === undefined ? Date.now() : Date.parse(event.now);
  if (Number.isNaN(now)) throw new Error(`ingest: now must be an ISO time, not ${event.now}`);
  if (Resource.Config.defaultFeeds === true) await Sources.ensureCatalogue(Sources.DEFAULT_CATALOGUE, now);
  const plan = await Sources.takeDue(now);
  await enqueue(
    IngestQueue,
    plan.batches.map((batch) => ({ kind: "host" as const, ...batch })),
  );
  const queued = plan.batches.reduce((sum, batch) => sum + batch.sourceIds.length, 0);
  const retried = await Sources.requeueStalePending();
  return {
    queued,
    ...(plan.batches.length > 0 ? { hosts: plan.batches.length } : {}),
    ...(plan.deferred > 0 ? { deferred: plan.deferred } : {}),
    read: plan.read,
    ...(retried > 0 ? { retriedSuggestions: retried } : {}),
  };
}
