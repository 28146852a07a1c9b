/**
 * Ingestion: the schedule's tick that queues what is due, and the ingest queue's jobs — fetching
 * a source (or a host's due sources, politely) and storing, matching and indexing what is new;
 * backfilling new topic phrases; checking a suggested source; building the background of related
 * terms when a phrase first needs it; counting the subjects' topics when the onboarding page first
 * needs them; finding, fetching and keeping new articles' pictures. The ingest queue's worker runs one job per message
 * (`runIngestJob`).
 */
import type { IngestJob } from "../../adapters/queues/index.ts";

export type { IngestReport } from "./ingest-source.ts";
export type { HostJob, HostReport } from "./ingest-host.ts";
export type { TickReport } from "./tick.ts";

/*
 * Each kind of work is imported when it is first run: a worker's cold start compiles only what
 * its message needs (a vocabulary rebuild never loads the feed parsers, a host's fetches never
 * load the backfill), and the tick's function none of the ingest itself.
 */
type Of<M> = M extends () => Promise<infer T> ? T : never;
const sourceModule = () => import("./ingest-source.ts");
const hostModule = () => import("./ingest-host.ts");
const tickModule = () => import("./tick.ts");

export async function ingestSource(...args: Parameters<Of<typeof sourceModule>["ingestSource"]>) {
  return (await sourceModule()).ingestSource(...args);
}

export async function ingestHost(...args: Parameters<Of<typeof hostModule>["ingestHost"]>) {
  return (await hostModule()).ingestHost(...args);
}

export async function runTick(...args: Parameters<Of<typeof tickModule>["runTick"]>) {
  return (await tickModule()).runTick(...args);
}

/** Runs one ingest queue message. */
export async function runIngestJob(job: IngestJob, options: { allowPrivateFeeds: boolean }): Promise<unknown> {
  switch (job.kind) {
    case "source":
      return ingestSource(job.sourceId, options);
    case "host":
      return ingestHost(job, options);
    case "backfill":
      return (await import("../backfill/index.ts")).backfillPhrases(job.phrases, { related: job.related });
    case "suggestion":
      return (await import("../source-trust/index.ts")).checkSuggestion(job.userId, job.suggestionId, options);
    case "vocabulary":
      return (await import("../related-background/index.ts")).rebuildVocabulary();
    case "subject-topics":
      return (await import("../subject-topics/index.ts")).countSubjectTopics();
    case "pictures":
      return (await import("./pictures.ts")).findPictures(job);
  }
}
