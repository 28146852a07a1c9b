import { runTick } from "@graph/core/workflows/ingest";

/** Scheduled: the ingest tick (see `runTick`). `now` (an ISO time) runs it as of that moment. */
export async function handler(event: { now?: string } = {}) {
  const now = event.now === undefined ? Date.now() : Date.parse(event.now);
  if (Number.isNaN(now)) throw new Error(`ingest: now must be an ISO time, not ${event.now}`);
  return runTick(now);
}
