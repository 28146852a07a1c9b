import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Accounts from "@graph/core/accounts";
import { parseMessage } from "./message.ts";

/**
 * Account queue worker: sweeps a deleted account away, one message per account. A sweep that
 * fails is reported alone (partial batch response) and redelivered; it resumes from the steps its
 * deletion record says are done, and the schedule queues again one whose message ran out of tries.
 */
export function accountWorker(sweep: (userId: string) => Promise<unknown> = (userId) => Accounts.sweep(userId)) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const job = parseMessage(record.body, Accounts.AccountJob);
      if (!job) {
        console.error("accounts: dropping malformed message", record.messageId);
        continue;
      }
      try {
        await sweep(job.userId);
      } catch (error) {
        console.error("accounts: sweep failed; it resumes when redelivered", record.messageId, error);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

export const handler = accountWorker();
