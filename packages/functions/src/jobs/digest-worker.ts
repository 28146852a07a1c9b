import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Digest from "@graph/core/digest";
import { parseMessage } from "./message.ts";

/**
 * Digest queue worker: composes and sends one person's digest per message. A message that fails
 * is reported alone (partial batch response) and retried; sending twice is prevented by the
 * send record, not by the queue.
 */
export function digestWorker(send: typeof Digest.send = Digest.send) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        const job = parseMessage(record.body, Digest.DigestJob);
        if (!job) {
          console.error("digest: dropping malformed message", record.messageId);
          return;
        }
        try {
          await send(job);
        } catch (error) {
          console.error("digest: send failed", record.messageId, error);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures };
  };
}

export const handler = digestWorker();
