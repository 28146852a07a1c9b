/** graph's queues by their linked names (`Resource[name].url`), the same in infra and locally. */
export const QUEUE_NAMES = [
  "MailQueue",
  "IngestQueue",
  "DigestQueue",
  "AccountQueue",
  "ShareQueue",
  "ImportQueue",
  "AgentQueue",
  "ChannelQueue",
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** SQS's limits: ten entries a batch, 256 KiB a message and a batch. */
export const SQS_LIMITS = { batchEntries: 10, batchBytes: 256 * 1024 } as const;

/** Picks a shared feed session carries: what a friend's card in the following feed shows. */
export const SHARED_PICKS_PER_SESSION = 4;

/**
 * Sources one host job carries at most: the tick leases a host and hands its worker up to this
 * many of the host's due sources (fetched a run at a time, each run handing the rest on in a
 * new message under the same lease); the rest wait for a later tick.
 */
export const SOURCES_PER_HOST_JOB = 500;

/** New articles one picture job finds pictures for, one after another (about 20 pages of one host). */
export const PICTURES_PER_JOB = 20;
