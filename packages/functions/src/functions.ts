import { queues } from "./jobs/queues.ts";
import { schedules } from "./jobs/schedules.ts";
import { PROFILE_ROUTE } from "./web/profile-route.ts";

/**
 * Every Lambda function graph deploys: data only, the one list infra/ builds its functions from
 * (api.ts, realtime.ts, jobs.ts) and scripts/bundles builds, loads and checks the same functions
 * from, so what is tested here is what deploys. Links are named as the code reads them
 * (`Resource.<name>`); infra maps each name to its resource and fails on a name it does not define.
 */

/** Every Lambda function's CPU: Graviton (cheaper for the same work); sharp is installed for it. */
export const ARCHITECTURE = "arm64";
/** How long every function's logs are kept (sst.config.ts sets it on each function). */
export const LOG_RETENTION = "1 month";
/** A queue's visibility timeout: longer than its worker's timeout, so a message in work is not handed out twice. */
export const QUEUE_VISIBILITY_TIMEOUT = "6 minutes";

/** A duration as SST writes it ("29 seconds", "5 minutes"). */
export type Duration = `${number} ${"second" | "seconds" | "minute" | "minutes"}`;

/** What invokes a function, and so the shape of the event it receives. */
export type Trigger =
  | { kind: "http" }
  | { kind: "websocket" }
  | { kind: "queue"; queue: string; visibilityTimeout: Duration }
  | { kind: "schedule"; job: string; schedule: string }
  /** A function URL behind the router at `route` (payload format 2.0). */
  | { kind: "url"; route: string };

export interface FunctionDefinition {
  /** A name of letters and digits, unique in this list (the bundle's directory). */
  name: string;
  /** `path/to/file.export`, relative to the repository, as SST takes it. */
  handler: string;
  /** The resources it reads, by their linked names. */
  link: readonly string[];
  timeout: Duration;
  memory?: `${number} MB`;
  /** Packages kept out of the bundle and installed beside it for the function's platform. */
  install?: readonly string[];
  /**
   * SST's `nodejs.splitting`: ESM chunks beside the handler's file, so code behind a dynamic
   * import (route groups, the feeds catalogue) is read and compiled only when first used.
   */
  splitting?: boolean;
  architecture: typeof ARCHITECTURE;
  trigger: Trigger;
}

/** Every secret (infra/secrets.ts), by name: the API reads them all. */
const ALL_SECRETS = [
  "GoogleClientId",
  "GoogleClientSecret",
  "DigestSigningKey",
  "RealtimeTokenKey",
  "OAuthTokenKey",
  "StripeSecretKey",
  "StripeWebhookSecret",
  "StripePriceId",
  "TmdbToken",
  "SpotifyClientId",
  "SpotifyClientSecret",
  "SlackClientId",
  "SlackClientSecret",
  "SlackSigningSecret",
  "DiscordClientId",
  "DiscordClientSecret",
  "DiscordPublicKey",
  "DiscordApplicationId",
] as const;

/**
 * What the linked accounts need wherever they are used: the key that opens stored tokens, the
 * OAuth clients and endpoints (to refresh and revoke grants) and the providers' APIs.
 */
const LINKED_ACCOUNTS = [
  "OAuthTokenKey",
  "SpotifyClientId",
  "SpotifyClientSecret",
  "GoogleClientId",
  "GoogleClientSecret",
  "GoogleOidc",
  "Spotify",
  "YouTubeApi",
] as const;

/** What the Slack and Discord bot needs: the key that opens webhooks and tokens, the apps and their addresses. */
const CHANNEL_SERVICES = [
  "OAuthTokenKey",
  "SlackClientId",
  "SlackClientSecret",
  "SlackSigningSecret",
  "Slack",
  "DiscordClientId",
  "DiscordClientSecret",
  "DiscordPublicKey",
  "DiscordApplicationId",
  "Discord",
] as const;

/**
 * The account sweep calls each module's purge: every resource a module keeps personal data in is
 * linked here. The YouTube step revokes the person's grant at Google, with the stored token; the
 * billing step cancels a subscription at Stripe; the media step reads the catalogues' settings
 * (and bundles the media views, which sign outside pictures' addresses with DigestSigningKey).
 */
const ACCOUNT_SWEEP = unique([
  "Table",
  "DigestSigningKey",
  "Realtime",
  "Config",
  "Images",
  "Imports",
  "MediaCatalogues",
  "StripeSecretKey",
  ...LINKED_ACCOUNTS,
  ...CHANNEL_SERVICES,
]);

/** Each queue's worker: its links, timeout and memory (the queue itself is in jobs/queues.ts). */
const WORKERS: Record<
  (typeof queues)[number]["name"],
  Pick<FunctionDefinition, "link" | "timeout" | "memory" | "install">
> = {
  MailQueue: { link: ["Table", "Email"], timeout: "30 seconds" },
  // ChannelQueue: a batch that stored articles queues the org's per-topic channels' routing.
  // Images and sharp: the picture step keeps new articles' pictures as WebP in the Images bucket.
  IngestQueue: {
    link: ["Table", "Search", "IngestQueue", "ChannelQueue", "Config", "Images"],
    timeout: "5 minutes",
    memory: "1024 MB",
    install: ["sharp"],
  },
  // People's photos (Images) are in what a digest shows.
  DigestQueue: { link: ["Table", "MailQueue", "Config", "DigestSigningKey", "Images"], timeout: "2 minutes" },
  AccountQueue: { link: ACCOUNT_SWEEP, timeout: "5 minutes" },
  ShareQueue: { link: ["Table", "Images", "Config"], timeout: "5 minutes" },
  // Streams a file of up to 15 MB from the bucket (never held whole) and keeps a bounded summary.
  // OPML imports queue new sources' first fetches, hand the rest of their feeds on, and read allowPrivateFeeds.
  ImportQueue: {
    link: ["Table", "Imports", "IngestQueue", "ImportQueue", "Config"],
    timeout: "5 minutes",
    memory: "1024 MB",
  },
  // Searches graph's index (the search bucket), asks Hacker News and reads outside sites' pages
  // and feeds through the address guard (allowPrivateFeeds), one search a worker.
  AgentQueue: { link: ["Table", "Search", "Config", "HackerNews"], timeout: "2 minutes", memory: "1024 MB" },
  // Posts picks and commands' answers to Slack and Discord; reads the feed and search as the API does.
  ChannelQueue: {
    link: unique(["Table", "Search", "IngestQueue", "ChannelQueue", "Config", "Images", ...CHANNEL_SERVICES]),
    timeout: "1 minute",
  },
};

/** Every scheduled job's links: jobs may queue mail and feed work; media-resync refreshes and reads the linked accounts. */
const JOB_LINKS = unique([
  "Table",
  "Search",
  "MailQueue",
  "IngestQueue",
  "DigestQueue",
  "AccountQueue",
  "ChannelQueue",
  "Config",
  ...LINKED_ACCOUNTS,
  ...CHANNEL_SERVICES,
]);

/** What a job reads beyond the others': the deletions job sweeps accounts as the account worker does; the digest shows photos. */
const JOB_EXTRA_LINKS: Record<string, readonly string[]> = {
  "account-deletions": ACCOUNT_SWEEP,
  digest: ["Images"],
  // Refreshes books, films and linked accounts through the media views, which sign pictures' addresses.
  "media-resync": ["DigestSigningKey"],
};

export const functions: readonly FunctionDefinition[] = [
  {
    // The HTTP API: one Lambda running the Hono app for every request.
    name: "Api",
    handler: "packages/functions/src/api/lambda.handler",
    link: [
      "Table",
      "Search",
      "Images",
      "Imports",
      "MailQueue",
      "IngestQueue",
      "AccountQueue",
      "ShareQueue",
      "ImportQueue",
      "AgentQueue",
      "ChannelQueue",
      "Config",
      "Realtime",
      ...ALL_SECRETS,
      "GoogleOidc",
      "MediaCatalogues",
      "Spotify",
      "YouTubeApi",
      "Slack",
      "Discord",
    ],
    timeout: "29 seconds",
    memory: "1024 MB",
    // sharp's native binaries are installed for the function's platform, not bundled.
    install: ["sharp"],
    splitting: true,
    architecture: ARCHITECTURE,
    trigger: { kind: "http" },
  },
  {
    // The WebSocket API's one handler ($connect, $disconnect, $default). The token key checks
    // `?token=` on $connect; the bot answers from the search index and config.
    name: "Realtime",
    handler: "packages/functions/src/realtime/handler.handler",
    // Chat shows people's photos (Images) and the bot's answers may name books and films
    // (MediaCatalogues), whose covers and posters carry graph's signed picture addresses (DigestSigningKey).
    link: [
      "Table",
      "Realtime",
      "RealtimeTokenKey",
      "Search",
      "Config",
      "Images",
      "MediaCatalogues",
      "DigestSigningKey",
    ],
    // A send stores, fans out and (in a bot conversation) waits for the bot's answer.
    timeout: "29 seconds",
    architecture: ARCHITECTURE,
    splitting: true,
    trigger: { kind: "websocket" },
  },
  {
    // index.html with a person's title and preview tags, where the router's edge code sends
    // `/{username}` (infra/profile-pages.ts). Their name (Table), their photo's address for the
    // preview's image (Images); the site's address, for index.html and the previews' links (Config).
    name: "ProfilePages",
    handler: "packages/functions/src/web/lambda.handler",
    link: ["Table", "Images", "Config"],
    // One table read or two and one revalidated fetch of index.html.
    timeout: "10 seconds",
    memory: "512 MB",
    architecture: ARCHITECTURE,
    splitting: true,
    trigger: { kind: "url", route: PROFILE_ROUTE },
  },
  ...queues.map((queue): FunctionDefinition => ({
    name: `${queue.name}Worker`,
    handler: queue.handler,
    ...WORKERS[queue.name],
    splitting: true,
    architecture: ARCHITECTURE,
    trigger: { kind: "queue", queue: queue.name, visibilityTimeout: QUEUE_VISIBILITY_TIMEOUT },
  })),
  ...schedules.map((job): FunctionDefinition => ({
    name: cronName(job.name),
    handler: job.handler,
    link: unique([...JOB_LINKS, ...(JOB_EXTRA_LINKS[job.name] ?? [])]),
    timeout: "5 minutes",
    splitting: true,
    architecture: ARCHITECTURE,
    trigger: { kind: "schedule", job: job.name, schedule: job.schedule },
  })),
];

/** The function of a handler reference (each function has its own handler). */
export function functionOf(handler: string): FunctionDefinition | undefined {
  return functions.find((definition) => definition.handler === handler);
}

/** The function named so; throws when the list has none (a typo in infra/ fails the deploy's preview). */
export function functionNamed(name: string): FunctionDefinition {
  const definition = functions.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`packages/functions/src/functions.ts has no function named ${name}`);
  return definition;
}

/** A duration in seconds ("5 minutes" → 300). */
export function seconds(duration: Duration): number {
  const [amount, unit] = duration.split(" ");
  return Number(amount) * (unit!.startsWith("minute") ? 60 : 1);
}

/** "purge-unverified" -> "PurgeUnverifiedJob" (component names are letters and digits). */
export function cronName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("") + "Job";
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
