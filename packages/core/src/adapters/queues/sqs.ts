import { SQSClient } from "@aws-sdk/client-sqs";
import { withoutSdkLogging } from "../aws/index.ts";

/**
 * The SQS client, imported by queues/index.ts at the first `enqueue`: a function that only reads
 * its queue's messages (a worker) or never queues anything does not compile the SQS client.
 */
export { SendMessageBatchCommand } from "@aws-sdk/client-sqs";

export const client = withoutSdkLogging(new SQSClient({}));
