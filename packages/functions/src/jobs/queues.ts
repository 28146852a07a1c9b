import type { QueueName } from "@graph/core/queues/rules";

/**
 * Queues and their workers: data only, read by infra and by the local dispatcher so both
 * wire the same handler to the same queue with the same retry policy. Each queue's name and
 * message schema are defined once in core (`@graph/core/queues`); this says how it is worked.
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
] as const satisfies ReadonlyArray<{
  name: QueueName;
  handler: string;
  deadLetter: string;
  maxReceiveCount: number;
  batchSize: number;
}>;
