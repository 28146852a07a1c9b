import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";
import { z } from "zod";

/** Work for the ingest worker: fetch a source, backfill new topic phrases, check a suggested source. */
export const IngestJob = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("source"), sourceId: z.string().min(1) }),
  z.object({ kind: z.literal("backfill"), phrases: z.array(z.string().min(1)).min(1) }),
  z.object({ kind: z.literal("suggestion"), userId: z.string().min(1), suggestionId: z.string().min(1) }),
]);
export type IngestJob = z.infer<typeof IngestJob>;

let sqs: SQSClient | undefined;

/** Queues jobs on the ingest queue (`Resource.IngestQueue`), ten to a request; a refused message throws. */
export async function enqueueIngestJobs(jobs: IngestJob[]): Promise<void> {
  sqs ??= new SQSClient({});
  for (let i = 0; i < jobs.length; i += 10) {
    const batch = jobs.slice(i, i + 10);
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: Resource.IngestQueue.url,
        Entries: batch.map((job, index) => ({ Id: String(index), MessageBody: JSON.stringify(job) })),
      }),
    );
    if (result.Failed?.length) throw new Error(`ingest queue refused ${result.Failed.length} message(s)`);
  }
}
