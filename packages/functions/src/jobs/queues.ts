import type { QueueName } from "@graph/core/adapters/queues/rules";

/**
 * Queues and their workers: data only, read by infra and by the local dispatcher so both
 * wire the same handler to the same queue with the same retry policy. Each queue's name and
 * message schema are defined once in core (`@graph/core/adapters/queues`); this says how it is worked.
 */
export const queues = [
  {
    name: "MailQueue",
    handler: "packages/functions/src/jobs/mail.handler",
    deadLetter: "MailDeadLetter",
    maxReceiveCount: 5,
    batchSize: 10,
  },
  {
    name: "IngestQueue",
    handler: "packages/functions/src/jobs/ingest-worker.handler",
    deadLetter: "IngestDeadLetter",
    maxReceiveCount: 5,
    batchSize: 5,
    /**
     * Batches (workers) at once: one host job per host is in work whatever this is, so it bounds
     * how many hosts are fetched at once (each within its own limit), not how hard one is asked.
     */
    concurrency: 10,
  },
  {
    name: "DigestQueue",
    handler: "packages/functions/src/jobs/digest-worker.handler",
    deadLetter: "DigestDeadLetter",
    maxReceiveCount: 5,
    batchSize: 10,
  },
  {
    name: "AccountQueue",
    handler: "packages/functions/src/jobs/account-worker.handler",
    deadLetter: "AccountDeadLetter",
    maxReceiveCount: 5,
    batchSize: 1,
  },
  {
    name: "ShareQueue",
    handler: "packages/functions/src/jobs/share-worker.handler",
    deadLetter: "ShareDeadLetter",
    maxReceiveCount: 5,
    batchSize: 10,
  },
  {
    name: "ImportQueue",
    handler: "packages/functions/src/jobs/import-worker.handler",
    deadLetter: "ImportDeadLetter",
    // A file that fails for what it holds is answered as failed, not retried: retries are for outages.
    maxReceiveCount: 3,
    // One file a worker: each may take a while and much of the function's memory.
    batchSize: 1,
  },
  {
    name: "AgentQueue",
    handler: "packages/functions/src/jobs/agent-worker.handler",
    deadLetter: "AgentDeadLetter",
    // A search settles itself as failed when it breaks: a retry is only for a lost write of that.
    maxReceiveCount: 2,
    // One search a worker: each waits on outside sites within its own caps.
    batchSize: 1,
  },
  {
    name: "ChannelQueue",
    handler: "packages/functions/src/jobs/channel-worker.handler",
    deadLetter: "ChannelDeadLetter",
    maxReceiveCount: 5,
    batchSize: 10,
  },
] as const satisfies ReadonlyArray<QueueDefinition>;

/** How a queue is worked: its worker, retry policy, batch size and how many batches at once. */
export interface QueueDefinition {
  name: QueueName;
  handler: string;
  deadLetter: string;
  maxReceiveCount: number;
  batchSize: number;
  /** The event source mapping's maximum concurrency (2 to 1,000); Lambda's default scaling when absent. */
  concurrency?: number;
}
