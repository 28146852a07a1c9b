import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";
import { z } from "zod";
import { FOLLOWING_FEED } from "./rules.ts";

/** A stored feed session to share with its author's followers, as the feed queues it. */
export const ShareJob = z.object({
  userId: z.string().min(1).max(100),
  createdAt: z.number().int(),
  picks: z
    .array(
      z.object({
        article_id: z.string(),
        title: z.string(),
        link: z.string(),
        source_name: z.string(),
        source_type: z.string(),
        best_matching_keywords: z.array(z.string()),
      }),
    )
    .min(1)
    .max(FOLLOWING_FEED.picksPerSession),
});
export type ShareJob = z.infer<typeof ShareJob>;

let sqs: SQSClient | undefined;

/** Queues one session's fan-out; a refused message fails the call. */
export async function enqueueShare(job: ShareJob): Promise<void> {
  sqs ??= new SQSClient({});
  await sqs.send(new SendMessageCommand({ QueueUrl: Resource.ShareQueue.url, MessageBody: JSON.stringify(job) }));
}
