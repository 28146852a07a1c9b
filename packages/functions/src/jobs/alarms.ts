/**
 * The dead-letter queues an alarm watches: any message in one is a message that failed every
 * attempt, and someone must look (docs/operations.md). Data only, read by infra/ when it declares
 * the alarms and by the infrastructure's shape test, which fails for a queue whose dead-letter
 * queue is missing here. A new queue is added to jobs/queues.ts and here.
 */
export const alarmedDeadLetters: readonly string[] = [
  "MailDeadLetter",
  "IngestDeadLetter",
  "DigestDeadLetter",
  "AccountDeadLetter",
  "ShareDeadLetter",
  "ImportDeadLetter",
  "AgentDeadLetter",
  "ChannelDeadLetter",
];
