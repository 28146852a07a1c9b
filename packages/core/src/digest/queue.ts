import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";
import { z } from "zod";

/** One person's digest to compose and send, as the digest job queues it. */
export const DigestJob = z.object({
  userId: z.string().min(1).max(100),
  /** The slot the person was due in (their schedule item's key). */
  slot: z.number().int(),
  /** The job's "now" (epoch ms): articles up to it are in the digest. */
  now: z.number().int(),
});
export type DigestJob = z.infer<typeof DigestJob>;

let sqs: SQSClient | undefined;

/** Queues digests in batches of ten (SQS's batch size); a refused message fails the call. */
export async function enqueueDigestJobs(jobs: DigestJob[]): Promise<void> {
  sqs ??= new SQSClient({});
  for (let i = 0; i < jobs.length; i += 10) {
    const batch = jobs.slice(i, i + 10);
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: Resource.DigestQueue.url,
        Entries: batch.map((job, index) => ({ Id: String(index), MessageBody: JSON.stringify(job) })),
      }),
    );
    if (result.Failed?.length) throw new Error(`digest queue refused ${result.Failed.length} message(s)`);
  }
}
