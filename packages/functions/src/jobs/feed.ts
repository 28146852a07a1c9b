import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { Resource } from "sst";
import { z } from "zod";
import { parseMessage } from "./message.ts";
import { backfill } from "@graph/core/articles/backfill";
import { buildDirtySegments } from "@graph/core/search/index";
import { ingestSource } from "@graph/core/sources/ingest";
import * as Suggestions from "@graph/core/sources/suggestions";

const FeedJob = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("source"), sourceId: z.string().min(1) }),
  z.object({ kind: z.literal("backfill"), phrases: z.array(z.string().min(1)).min(1) }),
  z.object({ kind: z.literal("suggestion"), userId: z.string().min(1), suggestionId: z.string().min(1) }),
]);
export type FeedJob = z.infer<typeof FeedJob>;

const allowPrivateFeeds = () => Resource.Config.allowPrivateFeeds === true;

export async function runFeedJob(job: FeedJob): Promise<unknown> {
  switch (job.kind) {
    case "source":
      return ingestSource(job.sourceId, { allowPrivateFeeds: allowPrivateFeeds() });
    case "backfill":
      return backfill(job.phrases);
    case "suggestion":
      return Suggestions.check(job.userId, job.suggestionId, { allowPrivateFeeds: allowPrivateFeeds() });
  }
}

/**
 * Feed queue worker: ingests sources, backfills new topic phrases and checks suggested
 * sources. A source that can't be fetched is a recorded health state, not a failure; a
 * message fails (alone: partial batch response) only when the work itself could not be done.
 */
export function feedWorker(run: (job: FeedJob) => Promise<unknown> = runFeedJob) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    let fresh = false;
    await Promise.all(
      event.Records.map(async (record) => {
        const job = parseMessage(record.body, FeedJob);
        if (!job) {
          console.error("feed: dropping malformed message", record.messageId);
          return;
        }
        try {
          const result = await run(job);
          if (job.kind === "source" && ((result as { added?: number } | undefined)?.added ?? 0) > 0) fresh = true;
        } catch (error) {
          console.error("feed: job failed", record.messageId, job.kind, error);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    // New articles become searchable now rather than at the next scheduled index run.
    if (fresh)
      await buildDirtySegments().catch((error: unknown) => console.error("feed: search index build failed", error));
    return { batchItemFailures };
  };
}

export const handler = feedWorker();
