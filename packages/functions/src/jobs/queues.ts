/**
 * Queues and their workers: data only, read by infra and by the local dispatcher so both
 * wire the same handler to the same queue with the same retry policy.
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
    name: "FeedQueue",
    handler: "packages/functions/src/jobs/feed.handler",
    deadLetter: "FeedDeadLetter",
    maxReceiveCount: 5,
    batchSize: 5,
  },
] as const;
