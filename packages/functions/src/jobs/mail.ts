import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Email from "@graph/core/email";
import { parseMessage } from "./message.ts";

/**
 * Mail queue worker. Each message is one e-mail; a message that fails is reported
 * alone (partial batch failure) so the others are not sent again, and after the
 * queue's retries it lands in the dead-letter queue instead of being lost.
 */
export function mailWorker(deliver: typeof Email.deliverOnce = Email.deliverOnce) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const email = parseMessage(record.body, Email.OutgoingEmail);
      if (!email) {
        // A malformed message will never succeed; retrying it only delays the DLQ.
        console.error("mail: dropping malformed message", record.messageId);
        continue;
      }
      try {
        await deliver(record.messageId, email);
      } catch (error) {
        console.error("mail: delivery failed", record.messageId, error);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

export const handler = mailWorker();
