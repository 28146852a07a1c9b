import { isIP, type AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { mountRekognition } from "./aws/rekognition.ts";
import { mountS3 } from "./aws/s3.ts";
import { mountSes } from "./aws/ses.ts";
import { mountSqs, queueUrl } from "./aws/sqs.ts";
import { LocalWebSocketApi } from "./aws/websocket.ts";
import { devRoutes } from "./dev-routes.ts";
import { LocalSink } from "./ops/log-sink.ts";
import { opsRoutes } from "./ops/page.ts";
import { googleSettings, mountGoogle } from "./google/index.ts";
import { Dispatcher } from "./dispatcher.ts";
import type { DynamoFaults } from "./dynamo/faults.ts";
import { startDynamoProcess } from "./dynamo/own-process.ts";
import { startLocalDynamo } from "./dynamo/server.ts";
import type { StripeStandIn } from "./stripe/index.ts";
import { startLocalStripe, stripeSettings } from "./stripe/settings.ts";
import {
  IMAGES_PATH as SPOTIFY_IMAGES_PATH,
  STAND_IN_PATH as SPOTIFY_PATH,
  spotifyApp,
  spotifyImagesApp,
  spotifySettings,
} from "./spotify/index.ts";
import { slackApp, slackSettings, STAND_IN_PATH as SLACK_PATH } from "./slack/index.ts";
import { discordApp, discordSettings, STAND_IN_PATH as DISCORD_PATH } from "./discord/index.ts";
import { loadHandler, ROOT, runFromBundles } from "./handlers.ts";
import { httpApi } from "./aws/http-api.ts";
import { localKeys } from "./keys.ts";
import { mediaSettings, mountMediaStandIns } from "./media-catalogues.ts";
import { hackerNewsApp, hackerNewsSettings, STAND_IN_PATH as HACKER_NEWS_PATH } from "./hacker-news/index.ts";
import { guardLocalOnly } from "./local-only.ts";
import { Outbox } from "./outbox.ts";
import { StartupGate } from "./startup-gate.ts";
import { securityHeadersMiddleware } from "./security-headers.ts";
import { webApp } from "./static.ts";
import { ensureTable } from "./table.ts";
import { QUEUE_NAMES } from "@graph/core/adapters/queues/rules";
import { TEST_STAGE, type TestSettings } from "@graph/core/adapters/test-settings";
import { log, useSink } from "@graph/core/lib/observability";

export interface RuntimeOptions {
  port?: number;
  host?: string;
  /** Where data lives; in memory when undefined. */
  dataDir?: string;
  /** Public URL, when it differs from http://host:port (e.g. the Vite dev server). */
  siteUrl?: string;
  teamEmail?: string;
  mailFrom?: string;
  webDist?: string;
  /** Run scheduled jobs on their timers (off in tests, which run them on demand). */
  schedules?: boolean;
  /** Serve the demo feeds, and make them the catalogue unless `catalogue` is "real" (DEMO_FEEDS). */
  demoFeeds?: boolean;
  /**
   * The catalogue (CATALOGUE): "demo", the offline demo feeds (with `demoFeeds`; the default),
   * or "real", the production catalogue of public feeds, loaded by the ingest job as on AWS
   * (needs network).
   */
  catalogue?: CatalogueSetting;
  /** Let suggested sources live on private addresses (ALLOW_PRIVATE_FEEDS). */
  allowPrivateFeeds?: boolean;
  /**
   * For tests only: lowers costs that exist for production, not for correctness (scrypt's cost,
   * feed fetch time-outs). Linked as `TestSettings` under the stage "test", the only stage core
   * accepts them under; `npm start` and `npm run dev` never set this, and no deployment can.
   */
  testSettings?: TestSettings;
  /** Also write every log record, as the JSON line it is on AWS, to this file (GRAPH_LOG_FILE). */
  logFile?: string;
  /**
   * Run every function from its deployable bundle in this directory (scripts/bundles, the
   * GRAPH_BUNDLES setting) instead of the sources: the API through API Gateway's event, as deployed.
   */
  bundles?: string;
  /**
   * Run the DynamoDB stand-in in a process of its own (DYNAMO_PROCESS=own), as DynamoDB runs apart
   * from Lambda on AWS: the runtime then has a core to itself on a machine with two. Its faults
   * cannot be injected (tests keep it in this process, the default).
   */
  dynamoProcess?: "own" | "shared";
}

export interface Runtime {
  url: string;
  outbox: Outbox;
  dispatcher: Dispatcher;
  websockets: LocalWebSocketApi;
  /** The API app, for in-process calls with `app.request()`. */
  api: import("@graph/functions/api/app").Api;
  /**
   * Everything the port serves (stand-ins, dev routes, API, web app), for in-process calls;
   * pass `{ incoming: { socket } }` as the env to play a caller's connection.
   */
  root: Hono;
  /** Makes the local DynamoDB answer errors (throttling, 500s) as DynamoDB does, for tests. */
  dynamoFaults: DynamoFaults;
  /** Logs and metrics as the runtime keeps them: recent errors, and counts the alarms read. */
  logs: LocalSink;
  /** The Stripe stand-in (undefined when STRIPE_SECRET_KEY points at real Stripe). */
  stripe?: StripeStandIn;
  stop(): Promise<void>;
}

export type CatalogueSetting = "demo" | "real";

/** The CATALOGUE setting: empty or "demo", or "real"; anything else is refused with why. */
export function catalogueSetting(value: string | undefined): CatalogueSetting {
  const setting = value?.trim() || "demo";
  if (setting === "demo" || setting === "real") return setting;
  throw new Error(`CATALOGUE must be "demo" (the offline demo feeds) or "real" (public feeds), not "${setting}"`);
}

const TABLE_NAME = "graph-local";
/** The AWS stand-ins' access key id (its secret is one of the runtime's keys). */
const LOCAL_ACCESS_KEY_ID = "local";
const IMAGES_BUCKET = "graph-images";
const IMPORTS_BUCKET = "graph-imports";

/**
 * Starts graph on one port with local stand-ins for every AWS service it uses. Features
 * find them the way they find AWS: through `SST_RESOURCE_*` links and the SDK's
 * `AWS_ENDPOINT_URL_*` settings, set here and nowhere else.
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  if (options.bundles) runFromBundles(options.bundles);
  const host = options.host ?? "127.0.0.1";
  // Every log record and metric of this process, from its first: printed readably, kept for /dev/ops.
  const logs = new LocalSink({ ...(options.logFile ? { file: options.logFile } : {}) });
  useSink(logs);
  const dynamoOptions = { path: options.dataDir && join(options.dataDir, "dynamo") };
  const dynamo =
    options.dynamoProcess === "own" ? await startDynamoProcess(dynamoOptions) : await startLocalDynamo(dynamoOptions);

  const root = new Hono();
  // Requests are held off with 503 until every route below is mounted (see StartupGate).
  const gate = new StartupGate();
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: gate.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s as Server));
  });
  // The stand-ins (SQS, SES, S3) are called with kept-alive sockets: a long idle timeout keeps a
  // busy process from reusing one the server just closed (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  const siteUrl = options.siteUrl ?? url;
  // First, so every answer below — web app, API, dev pages — carries the headers.
  // The S3 stand-in's own address too: browsers post photos to it (presigned POST).
  // Books and films: the catalogue stand-ins on this port unless OPEN_LIBRARY_URL / TMDB_TOKEN is set.
  // Covers and posters are loaded by browsers: when SITE_URL names this very port by another
  // address (HOST=0.0.0.0 and the address others type), they are linked there, so browsers on
  // other machines load them too; otherwise (Vite's dev server, a test's made-up site) here.
  const imagesUrl = samePort(siteUrl, port) ? siteUrl.replace(/\/+$/, "") : url;
  const media = mediaSettings(url, process.env, { imagesUrl });
  // Spotify and YouTube: the stand-ins on this port unless SPOTIFY_CLIENT_ID / GOOGLE_CLIENT_ID is set.
  const google = googleSettings(url);
  const spotify = spotifySettings(url);
  // Slack: the stand-in on this port unless SLACK_CLIENT_ID is set.
  const slack = slackSettings(url);
  // Discord: the stand-in on this port unless DISCORD_CLIENT_ID is set.
  const discord = discordSettings(url);
  // Pages show no outside picture: covers, posters, album art and thumbnails from the stand-ins
  // go through graph's picture proxy like the real services' (modules/pictures).
  root.use(securityHeadersMiddleware(siteUrl, [`http://${s3Host(host)}:${port}`]));

  const link = (name: string, properties: Record<string, unknown>, type: string) =>
    (process.env[`SST_RESOURCE_${name}`] = JSON.stringify({ ...properties, type }));
  // Made at random on first start and kept under DATA_DIR (fresh in memory): never a built-in value.
  const keys = localKeys(options.dataDir);
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: LOCAL_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: keys.awsSecretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SQS: `${url}/_aws/sqs`,
    AWS_ENDPOINT_URL_SESV2: `${url}/_aws/ses`,
    // An IP address, so the SDK addresses buckets by path (a host name would put the bucket in it).
    AWS_ENDPOINT_URL_S3: `http://${s3Host(host)}:${port}/_aws/s3`,
    AWS_ENDPOINT_URL_REKOGNITION: `${url}/_aws/rekognition`,
    // The SDK warns that it will drop Node 20 in 2027; the local runtime pins a version that supports it.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  });
  link("App", { name: "graph", stage: options.testSettings ? TEST_STAGE : "local" }, "sst.sst.App");
  if (options.testSettings) link("TestSettings", { ...options.testSettings }, "sst.sst.Linkable");
  link("Table", { name: TABLE_NAME }, "sst.aws.Dynamo");
  link("Email", { sender: options.mailFrom ?? "graph <no-reply@graph.local>" }, "sst.aws.Email");
  for (const name of QUEUE_NAMES) link(name, { url: queueUrl(url, name) }, "sst.aws.Queue");
  link("Search", { name: "graph-search" }, "sst.aws.Bucket");
  link("Images", { name: IMAGES_BUCKET }, "sst.aws.Bucket");
  link("Imports", { name: IMPORTS_BUCKET }, "sst.aws.Bucket");
  const websockets = new LocalWebSocketApi("packages/functions/src/realtime/handler.handler");
  // Its management API listens on the loopback interface alone, whatever HOST says: only this process posts to sockets.
  const managementEndpoint = await websockets.listenManagement("127.0.0.1");
  link("Realtime", { url: `${url.replace(/^http/, "ws")}/ws`, managementEndpoint }, "sst.aws.ApiGatewayWebSocket");
  link(
    "Config",
    {
      siteUrl,
      teamEmail: options.teamEmail ?? "team@graph.local",
      allowPrivateFeeds: options.allowPrivateFeeds ?? false,
      // The production catalogue lists public feeds: only on request (the runtime is offline otherwise).
      catalogue: options.catalogue === "real" ? "production" : "none",
    },
    "sst.sst.Linkable",
  );
  // Google sign-in and YouTube: real Google with GOOGLE_CLIENT_ID, else the stand-in mounted below (same code path).
  link("GoogleClientId", { value: google.clientId }, "sst.sst.Secret");
  link("GoogleClientSecret", { value: google.clientSecret }, "sst.sst.Secret");
  link("GoogleOidc", google.oidc, "sst.sst.Linkable");
  link("YouTubeApi", google.youtube, "sst.sst.Linkable");
  // Spotify: real Spotify with SPOTIFY_CLIENT_ID, else the stand-in mounted below.
  link("SpotifyClientId", { value: spotify.clientId }, "sst.sst.Secret");
  link("SpotifyClientSecret", { value: spotify.clientSecret }, "sst.sst.Secret");
  link("Spotify", spotify.endpoints, "sst.sst.Linkable");
  // Slack: real Slack with SLACK_CLIENT_ID, else the stand-in mounted below (its secrets made for this run).
  link("SlackClientId", { value: slack.clientId }, "sst.sst.Secret");
  link("SlackClientSecret", { value: slack.clientSecret }, "sst.sst.Secret");
  link("SlackSigningSecret", { value: slack.signingSecret }, "sst.sst.Secret");
  link("Slack", slack.endpoints, "sst.sst.Linkable");
  // Discord: real Discord with DISCORD_CLIENT_ID, else the stand-in mounted below, whose key pair signs its interactions.
  link("DiscordClientId", { value: discord.clientId }, "sst.sst.Secret");
  link("DiscordClientSecret", { value: discord.clientSecret }, "sst.sst.Secret");
  link("DiscordPublicKey", { value: discord.publicKey }, "sst.sst.Secret");
  link("DiscordApplicationId", { value: discord.applicationId }, "sst.sst.Secret");
  link("Discord", discord.endpoints, "sst.sst.Linkable");
  link("DigestSigningKey", { value: keys.digestSigningKey }, "sst.sst.Secret");
  link("RealtimeTokenKey", { value: keys.realtimeTokenKey }, "sst.sst.Secret");
  link("OAuthTokenKey", { value: keys.oauthTokenKey }, "sst.sst.Secret");
  link("MediaCatalogues", { ...media.catalogues }, "sst.sst.Linkable");
  link("TmdbToken", { value: media.tmdbToken }, "sst.sst.Secret");
  // Hacker News's search: the stand-in on this port unless HACKER_NEWS_URL is set.
  const hackerNews = hackerNewsSettings(url);
  link("HackerNews", { apiUrl: hackerNews.apiUrl }, "sst.sst.Linkable");

  // Stripe: real Stripe (test mode) with STRIPE_SECRET_KEY, else the stand-in (same code path, signed webhooks).
  const stripeKeys = stripeSettings(keys);
  link("StripeSecretKey", { value: stripeKeys.secretKey }, "sst.sst.Secret");
  link("StripeWebhookSecret", { value: stripeKeys.webhookSecret }, "sst.sst.Secret");
  link("StripePriceId", { value: stripeKeys.priceId }, "sst.sst.Secret");
  const stripe = await startLocalStripe(stripeKeys, url, options.dataDir);

  await ensureTable(new DynamoDBClient({}), TABLE_NAME);

  // Imported only now: the app reads its links when first used.
  const [{ createApi }, { queues }, { schedules }] = await Promise.all([
    import("@graph/functions/api/app"),
    import("@graph/functions/jobs/queues"),
    import("@graph/functions/jobs/schedules"),
  ]);
  const outbox = await Outbox.open(options.dataDir && join(options.dataDir, "outbox.jsonl"));
  const dispatcher = new Dispatcher(queues, schedules, {
    dir: options.dataDir && join(options.dataDir, "queues"),
    // Lambda's own Errors (a handler that threw or outlived its timeout), for /dev/ops's alarms.
    onInvocation: (handler, ms, threw) => logs.invocation(handler, ms, threw),
  });
  if (options.schedules)
    dispatcher.startSchedules((name, error) => log.error("a scheduled job failed", { job: name, error }));
  websockets.attach(server);

  const api = createApi({
    clientAddressOf: (c) => {
      try {
        return getConnInfo(c).remote.address ?? "unknown";
      } catch {
        return "unknown";
      }
    },
  });

  // Stand-ins and dev routes answer callers on this machine only (HOST=0.0.0.0 shares the port),
  // and of those no page of another site, nor one reaching this port under another name.
  guardLocalOnly(root, {
    siteUrl,
    ownUrls: [url, `http://${s3Host(host)}:${port}`],
    // The consent pages a connect or a Google sign-in sends the browser to.
    pages: /^\/_(google|spotify|slack)\/|^\/_discord\/oauth2\//,
  });
  // The AWS stand-ins tell the time by this process's clock, as AWS answers by its own: the SDK
  // sets its clients' clocks by a response's Date, and Node's own Date header does not see a
  // test's moved clock, so a client would keep the offset (days) after the clock is put back.
  root.use("/_aws/*", async (c, next) => {
    await next();
    c.header("Date", new Date().toUTCString());
  });
  mountSqs(root, "/_aws/sqs", dispatcher);
  mountSes(root, "/_aws/ses", outbox);
  const s3 = mountS3(root, "/_aws/s3", options.dataDir && join(options.dataDir, "blobs"), {
    secrets: { [LOCAL_ACCESS_KEY_ID]: keys.awsSecretAccessKey },
    // Browsers upload photos and Takeout files straight to their buckets (presigned POST), from the site's origin.
    corsOrigins: [new URL(siteUrl).origin],
  });
  // Photos' checked variants, public as the CDN serves them on AWS (infra/api.ts: /media → public/).
  s3.servePublic(root, "/media", IMAGES_BUCKET, "public/");
  mountRekognition(root, "/_aws/rekognition");
  const site = siteUrl.replace(/\/$/, "");
  if (google.standIn)
    mountGoogle(root, google, {
      redirectUris: [`${site}/login/google/callback`, `${site}/api/youtube/api/callback`],
      imagesUrl,
    });
  if (spotify.standIn) {
    root.route(SPOTIFY_PATH, spotifyApp(spotify, { redirectUris: [`${site}/api/spotify/api/callback`], imagesUrl }));
    root.route(SPOTIFY_IMAGES_PATH, spotifyImagesApp());
  }
  if (slack.standIn)
    root.route(
      SLACK_PATH,
      slackApp(slack, {
        redirectUris: [`${site}/api/slack/api/callback`],
        commandsUrl: `${url}/api/slack/commands`,
        baseUrl: url,
      }),
    );
  if (discord.standIn)
    root.route(
      DISCORD_PATH,
      discordApp(discord, {
        redirectUris: [`${site}/api/discord/api/callback`],
        // Sent as Discord sends them: to the application's endpoint, over the network (this port).
        interactionsUrl: `${url}/api/discord/interactions`,
      }),
    );
  // Public, like the services they stand in for: browsers on the network load the covers too.
  await mountMediaStandIns(root, media);
  if (hackerNews.standIn) root.route(HACKER_NEWS_PATH, hackerNewsApp());
  root.route("/", devRoutes(outbox, dispatcher));
  root.route("/", opsRoutes(logs, dispatcher));
  if (options.demoFeeds) {
    const demo = await import("./demo/index.ts");
    demo.mountDemoFeeds(root);
  }
  if (options.demoFeeds && options.catalogue !== "real") {
    const [demo, Sources] = await Promise.all([import("./demo/index.ts"), import("@graph/core/modules/sources")]);
    // Loaded as the production catalogue is: a source left out of it (e.g. the real catalogue's
    // after CATALOGUE=real) is retired, with its articles kept.
    await Sources.loadCatalogue(
      demo.DEMO_SOURCES.map((s) => ({
        sourceId: s.id,
        name: s.name,
        siteUrl: s.siteUrl,
        feedUrl: `${url}${s.path}`,
        type: s.type,
        ...(s.subject ? { subject: s.subject } : {}),
        ...(s.country ? { country: s.country } : {}),
      })),
    );
  }
  if (options.bundles) {
    const { functionNamed } = await import("@graph/functions/functions");
    const deployed = httpApi(await loadHandler(functionNamed("Api").handler));
    root.all("/api/*", (c) => {
      const remote = connInfo(c);
      return deployed(c.req.raw, { address: remote.address ?? "unknown", port: remote.port });
    });
  } else {
    root.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  }
  // Profiles get their name in the title and preview tags from the profile page function's own
  // app, reached as on AWS: at /_profile/{name}, and for every path the router's edge code
  // rewrites there (imported once the links above exist; it reads the built index.html here).
  const webDist = options.webDist ?? join(ROOT, "web/dist");
  const { profilePages, profilePageAt } = await import("@graph/functions/web/profile-page");
  const profiles = profilePages({ siteUrl, indexHtml: () => readFile(join(webDist, "index.html"), "utf8") });
  root.route("/", profiles);
  root.route("/", webApp(webDist, { indexFor: (path) => profilePageAt(profiles, path) }));
  // Messages kept from the last run are delivered from the next tick on, once the gate is open
  // (their handlers call the stand-ins through this port).
  await dispatcher.recover();
  gate.open(root.fetch);
  // The stand-in holds graph's `/graph` command as Discord does once an operator registered it
  // (scripts/discord-commands.ts), registered the same way: through graph's adapter, over this port.
  if (discord.standIn) await (await import("@graph/core/adapters/discord")).registerCommands();
  log.info("runtime started", { url, siteUrl });

  if (options.schedules) {
    // Fetch what is due now rather than at the first tick, so a fresh start has a feed at once.
    // Then index what it brought, so search has the demo articles without waiting for the tick,
    // and count the subjects' topics from what is matched so far.
    void dispatcher
      .runJob("ingest")
      .then(() => dispatcher.idle())
      .then(() => dispatcher.runJob("search-index"))
      .then(() => dispatcher.runJob("subject-topics"))
      .catch((error: unknown) => log.error("the start-up jobs failed", { error }));
  }

  return {
    url,
    outbox,
    dispatcher,
    websockets,
    api,
    root,
    dynamoFaults: dynamo.faults,
    logs,
    stripe,
    async stop() {
      await Promise.all([dispatcher.stop(), websockets.close(), stripe?.stop()]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await dynamo.close();
    },
  };
}

/** The caller's address, or none for an in-process call without a socket. */
function connInfo(c: Context): { address?: string; port?: number } {
  try {
    return getConnInfo(c).remote;
  } catch {
    return {};
  }
}

/** Whether `siteUrl` is served on `port` (its own port, or the scheme's default). */
function samePort(siteUrl: string, port: number): boolean {
  const site = new URL(siteUrl);
  return Number(site.port || (site.protocol === "https:" ? 443 : 80)) === port;
}

/** How this process's own URL names the address it listens on ("any address" is reached as localhost). */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * The S3 endpoint must be an IP address (a host name would make the SDK put the bucket in it):
 * the listening address itself, or loopback when listening on every address or on a name.
 */
function s3Host(host: string): string {
  if (host === "0.0.0.0" || host === "::" || isIP(host) === 0) return "127.0.0.1";
  return isIP(host) === 6 ? `[${host}]` : host;
}
