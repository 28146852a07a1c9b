/**
 * The ingestion pipeline and the workflows that span modules, above the modules they call:
 * fetching a source (or a host's due sources, politely) and storing, matching and indexing what is new; backfilling new topic
 * phrases; checking a suggested source; trusting a source and re-indexing its articles;
 * rebuilding the background of related terms. The
 * ingest queue's worker runs one of these per message (`runIngestJob`).
 */
import type { IngestJob } from "../queues/index.ts";
import { backfillPhrases } from "./backfill.ts";
import { ingestHost } from "./ingest-host.ts";
import { ingestSource } from "./ingest-source.ts";
import { checkSuggestion } from "./trust.ts";

export { ingestSource, adaptedInterval, type IngestReport } from "./ingest-source.ts";
export { ingestHost, type HostJob, type HostReport } from "./ingest-host.ts";
export { backfillPhrases, RELATED_BACKFILL_DAYS } from "./backfill.ts";
export { rebuildVocabulary, BACKGROUND_DAYS } from "./vocabulary.ts";
export { checkSuggestion, reindexSource, trustSource } from "./trust.ts";
export { checkFeedImport } from "./feed-imports.ts";
export { countSubjectTopics, SUBJECT_TOPICS_WINDOW_MS } from "./subject-topics.ts";
export { topTopicsBySubject, TOP_TOPICS_PER_SUBJECT } from "./rules.ts";

/** Runs one ingest queue message. */
export async function runIngestJob(job: IngestJob, options: { allowPrivateFeeds: boolean }): Promise<unknown> {
  switch (job.kind) {
    case "source":
      return ingestSource(job.sourceId, options);
    case "host":
      return ingestHost(job, options);
    case "backfill":
      return backfillPhrases(job.phrases, { related: job.related });
    case "suggestion":
      return checkSuggestion(job.userId, job.suggestionId, options);
  }
}
