import * as Email from "@graph/core/modules/email";
import { MailQueue } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

/**
 * Mail queue worker: one e-mail per message, one at a time; a message that fails is retried alone
 * and, after the queue's retries, lands in the dead-letter queue instead of being lost.
 */
export const mailWorker = (deliver: typeof Email.deliverOnce = Email.deliverOnce) =>
  queueWorker(MailQueue, (email, record) => deliver(record.messageId, email), { order: "sequential" });

export const handler = mailWorker();
