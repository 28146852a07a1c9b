/**
 * The ingestion pipeline and the workflows that span modules, above the modules they call:
 * fetching a source and storing, matching and indexing what is new; backfilling new topic
 * phrases; checking a suggested source; trusting a source and re-indexing its articles. The
 * ingest queue's worker runs one of these per message (`runIngestJob`).
 */
import type { IngestJob } from "../queues/index.ts";
import { backfillPhrases } from "./backfill.ts";
import { ingestSource } from "./ingest-source.ts";
import { checkSuggestion } from "./trust.ts";

export { ingestSource, adaptedInterval, type IngestReport } from "./ingest-source.ts";
export { backfillPhrases } from "./backfill.ts";
export { checkSuggestion, reindexSource, trustSource } from "./trust.ts";
export { countSubjectTopics, SUBJECT_TOPICS_WINDOW_MS } from "./subject-topics.ts";
export { topTopicsBySubject, TOP_TOPICS_PER_SUBJECT } from "./rules.ts";

/** Runs one ingest queue message. */
export async function runIngestJob(job: IngestJob, options: { allowPrivateFeeds: boolean }): Promise<unknown> {
  switch (job.kind) {
    case "source":
      return ingestSource(job.sourceId, options);
    case "backfill":
      return backfillPhrases(job.phrases);
    case "suggestion":
      return checkSuggestion(job.userId, job.suggestionId, options);
  }
}
