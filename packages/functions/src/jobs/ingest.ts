import { Resource } from "sst";
import { enqueue, IngestQueue } from "@graph/core/queues";
import * as Sources from "@graph/core/sources";

/** A due source is leased for this long once queued, so the next tick does not queue it twice. */
const LEASE_MS = 10 * 60 * 1000;

/**
 * Scheduled: keeps the sources in step with the catalogue, queues every source whose next fetch
 * is due, and again the check of every suggestion left pending too long (its check was lost to a
 * crash).
 */
export async function handler() {
  // One read when the bundled catalogue is the one loaded already; a load when it changed (deploy).
  // A load that fails does not hold back the fetches: the tick still queues them, then fails with it.
  let loadFailure: unknown;
  if (Resource.Config.catalogue === "production") {
    await Sources.loadCatalogue(Sources.PRODUCTION_CATALOGUE).catch((error: unknown) => {
      loadFailure = error ?? new Error("the catalogue load failed");
    });
  }
  const due = await Sources.due();
  await Sources.lease(due, LEASE_MS);
  await enqueue(
    IngestQueue,
    due.map((s) => ({ kind: "source", sourceId: s.sourceId })),
  );
  const retried = await Sources.requeueStalePending();
  if (loadFailure !== undefined) throw loadFailure;
  return { queued: due.length, ...(retried > 0 ? { retriedSuggestions: retried } : {}) };
}
