import { Resource } from "sst";
import { enqueue, IngestQueue } from "../../adapters/queues/index.ts";
import * as Sources from "../../modules/sources/index.ts";

export interface TickReport {
  queued: number;
  hosts?: number;
  deferred?: number;
  read: number;
  retriedSuggestions?: number;
}

/**
 * The ingest schedule's tick: keeps the sources in step with the catalogue; reads the sources
 * whose next fetch is due (the due index, bounded by the time and by
 * `FETCH_SCHEDULE.maxDuePerTick`), leases each free host to one job carrying its due sources and
 * queues the jobs; and queues again the check of every suggestion left pending too long (its
 * check was lost to a crash).
 */
export async function runTick(now: number): Promise<TickReport> {
  // One read when the bundled catalogue is the one loaded already; a load when it changed (deploy).
  // A load that fails does not hold back the fetches: the tick still queues them, then fails with it.
  let loadFailure: { error: unknown } | undefined;
  if (Resource.Config.catalogue === "production") {
    await Sources.loadCatalogue(await Sources.productionCatalogue()).catch((error: unknown) => {
      loadFailure = { error: error ?? new Error("the catalogue load failed") };
    });
  }
  const plan = await Sources.takeDue(now);
  await enqueue(
    IngestQueue,
    plan.batches.map((batch) => ({ kind: "host" as const, ...batch })),
  );
  const queued = plan.batches.reduce((sum, batch) => sum + batch.sourceIds.length, 0);
  const retried = await Sources.requeueStalePending();
  if (loadFailure) throw loadFailure.error;
  return {
    queued,
    ...(plan.batches.length > 0 ? { hosts: plan.batches.length } : {}),
    ...(plan.deferred > 0 ? { deferred: plan.deferred } : {}),
    read: plan.read,
    ...(retried > 0 ? { retriedSuggestions: retried } : {}),
  };
}
