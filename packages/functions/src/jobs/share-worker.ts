import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Follows from "@graph/core/follows";
import { parseMessage } from "./message.ts";

/**
 * Share queue worker: writes one stored feed session into its author's followers' timelines per
 * message. A message that fails is reported alone (partial batch response) and retried; every
 * write is by key, so sharing a session twice changes nothing.
 */
export function shareWorker(share: typeof Follows.share = Follows.share) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        const job = parseMessage(record.body, Follows.ShareJob);
        if (!job) {
          console.error("share: dropping malformed message", record.messageId);
          return;
        }
        try {
          await share(job);
        } catch (error) {
          console.error("share: fan-out failed", record.messageId, error);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures };
  };
}

export const handler = shareWorker();
