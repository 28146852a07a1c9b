import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { Resource } from "sst";
import { parseMessage } from "./message.ts";
import * as Articles from "@graph/core/articles";
import { IngestJob, ingestSource } from "@graph/core/ingest";
import { buildDirtySegments } from "@graph/core/search";
import { Suggestions } from "@graph/core/sources";
import * as Topics from "@graph/core/topics";

export type { IngestJob } from "@graph/core/ingest";

const allowPrivateFeeds = () => Resource.Config.allowPrivateFeeds === true;

export async function runIngestJob(job: IngestJob): Promise<unknown> {
  switch (job.kind) {
    case "source":
      return ingestSource(job.sourceId, { allowPrivateFeeds: allowPrivateFeeds() });
    case "backfill":
      return Articles.backfill(job.phrases).then(async (report) => {
        await Topics.markBackfilled(job.phrases);
        return report;
      });
    case "suggestion":
      return Suggestions.check(job.userId, job.suggestionId, { allowPrivateFeeds: allowPrivateFeeds() });
  }
}

/**
 * Ingest queue worker: ingests sources, backfills new topic phrases and checks suggested
 * sources. A source that can't be fetched is a recorded health state, not a failure; a
 * message fails (alone: partial batch response) only when the work itself could not be done.
 */
export function ingestWorker(run: (job: IngestJob) => Promise<unknown> = runIngestJob) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    let fresh = false;
    await Promise.all(
      event.Records.map(async (record) => {
        const job = parseMessage(record.body, IngestJob);
        if (!job) {
          console.error("ingest: dropping malformed message", record.messageId);
          return;
        }
        try {
          const result = await run(job);
          if (job.kind === "source" && ((result as { added?: number } | undefined)?.added ?? 0) > 0) fresh = true;
        } catch (error) {
          console.error("ingest: job failed", record.messageId, job.kind, error);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    // New articles become searchable now rather than at the next scheduled index run.
    if (fresh)
      await buildDirtySegments().catch((error: unknown) => console.error("ingest: search index build failed", error));
    return { batchItemFailures };
  };
}

export const handler = ingestWorker();
