import * as Accounts from "@graph/core/workflows/account-deletion";
import { AccountQueue } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

/**
 * Account queue worker: sweeps a deleted account away, one message per account. A sweep that
 * fails is redelivered and resumes from the steps its deletion record says are done; the
 * schedule queues again one whose message ran out of tries.
 */
export const accountWorker = (sweep: (userId: string) => Promise<unknown> = (userId) => Accounts.sweep(userId)) =>
  queueWorker(AccountQueue, (job) => sweep(job.userId), { order: "sequential" });

export const handler = accountWorker();
