import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";

/** Work for the feed worker: fetch a source, backfill new topic phrases, check a suggested source. */
export type FeedJob =
  | { kind: "source"; sourceId: string }
  | { kind: "backfill"; phrases: string[] }
  | { kind: "suggestion"; userId: string; suggestionId: string };

let sqs: SQSClient | undefined;

export async function enqueueFeedJobs(jobs: FeedJob[]): Promise<void> {
  sqs ??= new SQSClient({});
  for (let i = 0; i < jobs.length; i += 10) {
    const batch = jobs.slice(i, i + 10);
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: Resource.FeedQueue.url,
        Entries: batch.map((job, index) => ({ Id: String(index), MessageBody: JSON.stringify(job) })),
      }),
    );
    if (result.Failed?.length) throw new Error(`feed queue refused ${result.Failed.length} message(s)`);
  }
}
