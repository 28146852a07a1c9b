import { buildDirtySegments } from "@graph/core/modules/search";
import { observedJob } from "../observed.ts";

/** Scheduled: rebuilds the search segments of every day that received articles since its last build. */
async function run() {
  const report = await buildDirtySegments({ minIntervalMs: 0 });
  return { built: report.built.length, skipped: report.skipped.length, stillDirty: report.stillDirty.length };
}

export const handler = observedJob(run);
