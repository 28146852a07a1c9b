import { buildDirtySegments } from "@graph/core/modules/search";

/** Scheduled: rebuilds the search segments of every day that received articles since its last build. */
export async function handler() {
  const report = await buildDirtySegments({ minIntervalMs: 0 });
  return { built: report.built.length, skipped: report.skipped.length, stillDirty: report.stillDirty.length };
}
