import { cronName, QUEUE_VISIBILITY_TIMEOUT } from "../packages/functions/src/functions";
import { queues, type QueueDefinition } from "../packages/functions/src/jobs/queues";
import { schedules } from "../packages/functions/src/jobs/schedules";
import { functionArgs } from "./functions";
import { realtime } from "./realtime";

/** Background work: one queue (with its dead-letter queue) per entry of jobs/queues.ts and one schedule per job. */

function queueFor(name: (typeof queues)[number]["name"]) {
  const definition: QueueDefinition | undefined = queues.find((queue) => queue.name === name);
  if (!definition) throw new Error(`packages/functions/src/jobs/queues.ts has no ${name} entry`);
  /** Messages that failed every attempt, kept for two weeks for inspection and redrive. */
  const deadLetter = new sst.aws.Queue(definition.deadLetter, {
    transform: {
      queue: (args) => {
        args.messageRetentionSeconds = 14 * 24 * 60 * 60;
      },
    },
  });
  const queue = new sst.aws.Queue(definition.name, {
    // Longer than the worker's timeout, so a message is not handed out twice while in work.
    visibilityTimeout: QUEUE_VISIBILITY_TIMEOUT,
    dlq: { queue: deadLetter.arn, retry: definition.maxReceiveCount },
  });
  queuesByName.set(definition.name, { queue, deadLetter });
  return { definition, queue, deadLetter };
}

/** Each queue and its dead-letter queue by the name jobs/queues.ts gives it (the alarms read it). */
export const queuesByName = new Map<string, { queue: sst.aws.Queue; deadLetter: sst.aws.Queue }>();

const mail = queueFor("MailQueue");
const ingest = queueFor("IngestQueue");
const digest = queueFor("DigestQueue");
const account = queueFor("AccountQueue");
const share = queueFor("ShareQueue");
const imports = queueFor("ImportQueue");
const agent = queueFor("AgentQueue");
const channel = queueFor("ChannelQueue");

/** Outgoing e-mail, one message per e-mail (`Resource.MailQueue`). */
export const mailQueue = mail.queue;
export const mailDeadLetter = mail.deadLetter;
/** Source fetches, topic backfills and suggestion checks (`Resource.IngestQueue`). */
export const ingestQueue = ingest.queue;
export const ingestDeadLetter = ingest.deadLetter;
/** One message per person whose digest is due (`Resource.DigestQueue`). */
export const digestQueue = digest.queue;
export const digestDeadLetter = digest.deadLetter;
/** One message per deleted account to sweep away (`Resource.AccountQueue`). */
export const accountQueue = account.queue;
export const accountDeadLetter = account.deadLetter;
/** One message per feed session to share with its author's followers (`Resource.ShareQueue`). */
export const shareQueue = share.queue;
export const shareDeadLetter = share.deadLetter;
/** One message per uploaded file to import, a Takeout watch history (`Resource.ImportQueue`). */
export const importQueue = imports.queue;
export const importDeadLetter = imports.deadLetter;
/** One message per agentic search to run (`Resource.AgentQueue`). */
export const agentQueue = agent.queue;
export const agentDeadLetter = agent.deadLetter;
/** The bot's deliveries to Slack and Discord channels and slash commands' late answers (`Resource.ChannelQueue`). */
export const channelQueue = channel.queue;
export const channelDeadLetter = channel.deadLetter;

/** Every queue by its linked name, for the functions that send to them (api.ts too). */
export const queueLinkables: Record<string, unknown> = Object.fromEntries(
  [mail, ingest, digest, account, share, imports, agent, channel].map(({ definition, queue }) => [
    definition.name,
    queue,
  ]),
);

/** A queue's worker: handler, links, timeout and memory from packages/functions/src/functions.ts. */
function worker(definition: QueueDefinition) {
  return functionArgs(`${definition.name}Worker`, { Realtime: realtime, ...queueLinkables });
}

mailQueue.subscribe(worker(mail.definition), { batch: { size: mail.definition.batchSize, partialResponses: true } });

ingestQueue.subscribe(worker(ingest.definition), {
  batch: { size: ingest.definition.batchSize, partialResponses: true },
  transform: {
    eventSourceMapping: (args) => {
      if (ingest.definition.concurrency !== undefined) {
        args.scalingConfig = { maximumConcurrency: ingest.definition.concurrency };
      }
    },
  },
});

digestQueue.subscribe(worker(digest.definition), {
  batch: { size: digest.definition.batchSize, partialResponses: true },
});

accountQueue.subscribe(worker(account.definition), {
  batch: { size: account.definition.batchSize, partialResponses: true },
});

shareQueue.subscribe(worker(share.definition), { batch: { size: share.definition.batchSize, partialResponses: true } });

importQueue.subscribe(worker(imports.definition), {
  batch: { size: imports.definition.batchSize, partialResponses: true },
});

agentQueue.subscribe(worker(agent.definition), { batch: { size: agent.definition.batchSize, partialResponses: true } });

channelQueue.subscribe(worker(channel.definition), {
  batch: { size: channel.definition.batchSize, partialResponses: true },
});

/**
 * One EventBridge Scheduler schedule per job. The job receives `{ "name": <job name> }` as its
 * event. Jobs may queue mail and feed work.
 */
export const crons = schedules.map(
  (job) =>
    new sst.aws.CronV2(cronName(job.name), {
      schedule: job.schedule,
      event: { name: job.name },
      function: functionArgs(cronName(job.name), { Realtime: realtime, ...queueLinkables }),
    }),
);
