import { queues, type QueueDefinition } from "../packages/functions/src/jobs/queues";
import { schedules } from "../packages/functions/src/jobs/schedules";
import { config } from "./config";
import { email } from "./email";
import { googleOidc } from "./google";
import { discord, hackerNews, slack, spotify, youtubeApi } from "./media";
import { realtime } from "./realtime";
import { secrets } from "./secrets";
import { imagesBucket, importsBucket, searchBucket, table } from "./storage";

/** Background work: one queue (with its dead-letter queue) per entry of jobs/queues.ts and one schedule per job. */

/**
 * What the linked accounts need wherever they are used: the key that opens stored tokens, the
 * OAuth clients and endpoints (to refresh and revoke grants) and the providers' APIs.
 */
const linkedAccounts = [
  secrets.OAuthTokenKey,
  secrets.SpotifyClientId,
  secrets.SpotifyClientSecret,
  secrets.GoogleClientId,
  secrets.GoogleClientSecret,
  googleOidc,
  spotify,
  youtubeApi,
];

/** What the Slack and Discord bot needs: the key that opens webhooks and tokens, the apps and their addresses. */
const channelServices = [
  secrets.OAuthTokenKey,
  secrets.SlackClientId,
  secrets.SlackClientSecret,
  secrets.SlackSigningSecret,
  slack,
  secrets.DiscordClientId,
  secrets.DiscordClientSecret,
  secrets.DiscordPublicKey,
  secrets.DiscordApplicationId,
  discord,
];

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
    visibilityTimeout: "6 minutes",
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

mailQueue.subscribe(
  { handler: mail.definition.handler, link: [table, email], timeout: "30 seconds" },
  { batch: { size: mail.definition.batchSize, partialResponses: true } },
);

ingestQueue.subscribe(
  {
    handler: ingest.definition.handler,
    // channelQueue: a batch that stored articles queues the org's per-topic channels' routing.
    link: [table, searchBucket, ingestQueue, channelQueue, config],
    timeout: "5 minutes",
    memory: "1024 MB",
  },
  {
    batch: { size: ingest.definition.batchSize, partialResponses: true },
    transform: {
      eventSourceMapping: (args) => {
        if (ingest.definition.concurrency !== undefined) {
          args.scalingConfig = { maximumConcurrency: ingest.definition.concurrency };
        }
      },
    },
  },
);

digestQueue.subscribe(
  {
    handler: digest.definition.handler,
    link: [table, mailQueue, config, secrets.DigestSigningKey],
    timeout: "2 minutes",
  },
  { batch: { size: digest.definition.batchSize, partialResponses: true } },
);

// The sweep calls each module's purge: every resource a module keeps personal data in is linked here.
accountQueue.subscribe(
  {
    handler: account.definition.handler,
    // The YouTube step revokes the person's grant at Google, with the stored token.
    link: [table, realtime, config, imagesBucket, importsBucket, ...linkedAccounts, ...channelServices],
    timeout: "5 minutes",
  },
  { batch: { size: account.definition.batchSize, partialResponses: true } },
);

shareQueue.subscribe(
  { handler: share.definition.handler, link: [table, imagesBucket, config], timeout: "5 minutes" },
  { batch: { size: share.definition.batchSize, partialResponses: true } },
);

// Streams a file of up to 15 MB from the bucket (never held whole) and keeps a bounded summary.
importQueue.subscribe(
  {
    handler: imports.definition.handler,
    // OPML imports queue new sources' first fetches, hand the rest of their feeds on, and read allowPrivateFeeds.
    link: [table, importsBucket, ingestQueue, importQueue, config],
    timeout: "5 minutes",
    memory: "1024 MB",
  },
  { batch: { size: imports.definition.batchSize, partialResponses: true } },
);

// Searches graph's index (the search bucket), asks Hacker News and reads outside sites' pages
// and feeds through the address guard (allowPrivateFeeds), one search a worker.
agentQueue.subscribe(
  {
    handler: agent.definition.handler,
    link: [table, searchBucket, config, hackerNews],
    timeout: "2 minutes",
    memory: "1024 MB",
  },
  { batch: { size: agent.definition.batchSize, partialResponses: true } },
);

// Posts picks and commands' answers to Slack and Discord; reads the feed and search as the API does.
channelQueue.subscribe(
  {
    handler: channel.definition.handler,
    link: [table, searchBucket, ingestQueue, channelQueue, config, ...channelServices],
    timeout: "1 minute",
  },
  { batch: { size: channel.definition.batchSize, partialResponses: true } },
);

/**
 * One EventBridge Scheduler schedule per job. The job receives `{ "name": <job name> }` as its
 * event. Jobs may queue mail and feed work.
 */
export const crons = schedules.map(
  (job) =>
    new sst.aws.CronV2(cronName(job.name), {
      schedule: job.schedule,
      event: { name: job.name },
      function: {
        handler: job.handler,
        // media-resync refreshes and reads the linked accounts.
        link: [
          table,
          searchBucket,
          mailQueue,
          ingestQueue,
          digestQueue,
          accountQueue,
          channelQueue,
          config,
          ...linkedAccounts,
          ...channelServices,
        ],
        timeout: "5 minutes",
      },
    }),
);

/** "purge-unverified" -> "PurgeUnverifiedJob" (component names are letters and digits). */
function cronName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("") + "Job";
}
