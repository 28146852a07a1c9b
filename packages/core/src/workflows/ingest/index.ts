/**
 * Ingestion: the schedule's tick that queues what is due, and the ingest queue's jobs — fetching
 * a source (or a host's due sources, politely) and storing, matching and indexing what is new;
 * backfilling new topic phrases; checking a suggested source; building the background of related
 * terms when a phrase first needs it; counting the subjects' topics when the onboarding page first
 * needs them; finding, fetching and keeping new articles' pictures. The ingest queue's worker runs one job per message
 * (`runIngestJob`).
 */
import type { IngestJob } from "../../adapters/queues/index.ts";
import { backfillPhrases } from "../backfill/index.ts";
import { ingestHost } from "./ingest-host.ts";
import { ingestSource } from "./ingest-source.ts";
import { rebuildVocabulary } from "../related-background/index.ts";
import { checkSuggestion } from "../source-trust/index.ts";
import { countSubjectTopics } from "../subject-topics/index.ts";
import { findPictures } from "./pictures.ts";

export { ingestSource, adaptedInterval, type IngestReport } from "./ingest-source.ts";
export { ingestHost, type HostJob, type HostReport } from "./ingest-host.ts";
export { runTick, type TickReport } from "./tick.ts";

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
    case "vocabulary":
      return rebuildVocabulary();
    case "subject-topics":
      return countSubjectTopics();
    case "pictures":
      return findPictures(job);
  }
}
