import { runTick } from "@graph/core/workflows/ingest";
import { observedJob } from "../observed.ts";

/** Scheduled: the ingest tick (see `runTick`). `now` (an ISO time) runs it as of that moment. */
async function run(event: { now?: string } = {}) {
  const now = event.now === undefined ? Date.now() : Date.parse(event.now);
  if (Number.isNaN(now)) throw new Error(`ingest: now must be an ISO time, not ${event.now}`);
  return runTick(now);
}

export const handler = observedJob(run);
