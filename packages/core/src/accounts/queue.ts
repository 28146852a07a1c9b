import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";
import { z } from "zod";

/** One account to sweep away (its deletion record says what is left). */
export const AccountJob = z.object({ kind: z.literal("delete"), userId: z.string().min(1).max(100) });
export type AccountJob = z.infer<typeof AccountJob>;

let sqs: SQSClient | undefined;

/** Queues a sweep on the account queue (`Resource.AccountQueue`); a refused message throws. */
export async function enqueueAccountJob(job: AccountJob): Promise<void> {
  sqs ??= new SQSClient({});
  await sqs.send(new SendMessageCommand({ QueueUrl: Resource.AccountQueue.url, MessageBody: JSON.stringify(job) }));
}
