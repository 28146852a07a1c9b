import { generateKeyPairSync, randomBytes, randomInt, sign, type KeyObject } from "node:crypto";
import { Hono, type Context } from "hono";
import { basicCredentials, s256, sameText, textField } from "../oauth-requests.ts";
import { authorizePage, errorPage, pageCsp, viewerPage, type MessageView } from "./page.ts";
import { checkMessage, type SentMessage } from "./limits.ts";

/** Discord's published endpoints, used when DISCORD_CLIENT_ID is set (as on AWS: infra/media.ts). */
export const DISCORD = {
  authorizationEndpoint: "https://discord.com/oauth2/authorize",
  tokenEndpoint: "https://discord.com/api/oauth2/token",
  revocationEndpoint: "https://discord.com/api/oauth2/token/revoke",
  apiUrl: "https://discord.com/api/v10",
};

export interface DiscordSettings {
  clientId: string;
  clientSecret: string;
  /** Discord's application id is its OAuth client id. */
  applicationId: string;
  /** The application's Ed25519 public key, hex, which interactions are checked with. */
  publicKey: string;
  /** What graph links as `Resource.Discord`. */
  endpoints: typeof DISCORD;
  /** Whether graph connects to the stand-in (mounted at `STAND_IN_PATH`). */
  standIn: boolean;
  /** The stand-in's signing key for interactions (the pair of `publicKey`); none with real Discord. */
  signingKey?: KeyObject;
}

/** Where the stand-in answers (this machine only). */
export const STAND_IN_PATH = "/_discord";
const API = "/api/v10";

/** A Discord id: a snowflake, 18 or 19 digits. */
const snowflake = () =>
  String(randomInt(1, 9)) + String(randomInt(10 ** 9, 10 ** 10 - 1)) + String(randomInt(10 ** 7, 10 ** 8 - 1));

/**
 * Real Discord when DISCORD_CLIENT_ID (with its secret and the application's public key) is set;
 * otherwise the stand-in on this port, with an application made for this run: a client id, a
 * secret, and an Ed25519 key pair whose public key graph checks interactions with.
 */
export function discordSettings(runtimeUrl: string, env: NodeJS.ProcessEnv = process.env): DiscordSettings {
  const clientId = env.DISCORD_CLIENT_ID?.trim();
  if (clientId) {
    return {
      clientId,
      clientSecret: env.DISCORD_CLIENT_SECRET?.trim() ?? "",
      applicationId: env.DISCORD_APPLICATION_ID?.trim() || clientId,
      publicKey: env.DISCORD_PUBLIC_KEY?.trim() ?? "",
      endpoints: DISCORD,
      standIn: false,
    };
  }
  const base = `${runtimeUrl}${STAND_IN_PATH}`;
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const id = snowflake();
  return {
    clientId: id,
    clientSecret: randomBytes(24).toString("base64url"),
    applicationId: id,
    // The raw key is the last 32 bytes of its DER (SPKI) form.
    publicKey: publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex"),
    endpoints: {
      authorizationEndpoint: `${base}/oauth2/authorize`,
      tokenEndpoint: `${base}/api/oauth2/token`,
      revocationEndpoint: `${base}/api/oauth2/token/revoke`,
      apiUrl: `${base}${API}`,
    },
    standIn: true,
    signingKey: privateKey,
  };
}

/** The headers Discord signs an interaction with: Ed25519 over the timestamp and the raw body. */
export function signInteraction(key: KeyObject, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = sign(null, Buffer.from(`${timestamp}${rawBody}`), key).toString("hex");
  return { "x-signature-ed25519": signature, "x-signature-timestamp": String(timestamp) };
}

const SCOPES = new Set([
  "identify",
  "email",
  "guilds",
  "guilds.join",
  "bot",
  "webhook.incoming",
  "applications.commands",
  "applications.commands.permissions.update",
  "messages.read",
]);

/** The servers a person of the stand-in may add graph to, with their channels. */
const SERVERS = [
  { name: "Reading Club", channels: ["general", "picks"] },
  { name: "Topic Lab", channels: ["news", "rust"] },
  { name: "Quiet Corner", channels: ["reading"] },
];

/** Codes live ten minutes and are used once; access tokens a week, as at Discord. */
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TOKEN_TTL_SECONDS = 604_800;
/** Interaction tokens may be used for 15 minutes. */
const INTERACTION_TTL_MS = 15 * 60_000;

interface Channel {
  id: string;
  name: string;
  guildId: string;
  messages: MessageView[];
}
interface Webhook {
  id: string;
  token: string;
  channelId: string;
  guildId: string;
  deleted: boolean;
  /** A test switch: the next `count` executions answer 429 with this `retry_after`. */
  limited?: { count: number; retryAfter: number };
}
interface Code {
  redirectUri: string;
  codeChallenge: string | undefined;
  scope: string;
  guildId: string;
  channelId: string;
  expiresAt: number;
}

export interface DiscordStandInOptions {
  /** The callback URIs registered for the application (graph's `/api/discord/api/callback`). */
  redirectUris: string[];
  /** The application's interactions endpoint (graph's `/api/discord/interactions`). */
  interactionsUrl: string;
  now?: () => number;
  /** How interactions reach graph (by default, over the network). */
  fetch?: typeof fetch;
}

const token = (bytes: number) => randomBytes(bytes).toString("base64url");

/**
 * The Discord stand-in: OAuth2 (`/oauth2/authorize`, a consent page to pick a server and a
 * channel; `/api/oauth2/token`, codes with optional PKCE, answering the `webhook` made for the
 * `webhook.incoming` scope; `/api/oauth2/token/revoke`), webhook execution, deletion and
 * interaction edits in Discord's shapes, statuses and limits, and a viewer of what each channel
 * received (`/viewer`, `/dev/channels` as JSON). Test switches add a server (`/dev/servers`),
 * delete a channel's webhooks or rate limit them (`/dev/webhooks/delete`,
 * `/dev/webhooks/rate-limit`); `/dev/ping` sends a signed PING, and `/dev/interactions` runs a
 * `/graph` command as Discord would: signed, sent to graph, its answer posted.
 */
export function discordApp(settings: DiscordSettings, options: DiscordStandInOptions) {
  const { clientId, clientSecret, applicationId } = settings;
  const now = options.now ?? Date.now;
  const send = options.fetch ?? fetch;
  const siteOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))].join(" ");
  const servers = SERVERS.map((s) => {
    const id = snowflake();
    return {
      id,
      name: s.name,
      channels: s.channels.map((name): Channel => ({ id: snowflake(), name, guildId: id, messages: [] })),
    };
  });
  const channels = new Map(servers.flatMap((s) => s.channels.map((c) => [c.id, c] as const)));
  const codes = new Map<string, Code>();
  const grants = new Map<string, { refreshToken: string; revoked: boolean; scope: string }>();
  const webhooks = new Map<string, Webhook>();
  /** The application's own tokens (client credentials), by token: their scopes. */
  const appTokens = new Map<string, string[]>();
  /** The application's global commands, as last registered (`PUT /applications/{id}/commands`). */
  let commands: RegisteredCommand[] = [];
  /**
   * Interactions sent, by token. `answered` settles once graph's response is shown: Discord
   * takes the response before it applies an edit of it, however soon graph's follow-up comes.
   */
  const interactions = new Map<
    string,
    { channelId: string; messageId: string | undefined; expiresAt: number; answered: Promise<void> }
  >();

  const pageOf = (c: Context, message: string) => {
    c.header("Content-Security-Policy", pageCsp(siteOrigins));
    return c.html(errorPage(message), 400);
  };

  type Asked = Record<string, string> & { redirect_uri: string; state: string; scope: string };
  /** The authorize request, or why it is refused (a page for a wrong client or redirect, else a redirect with `error`). */
  const authorizeParams = (
    read: (name: string) => string | undefined,
  ): { page: string } | { redirect: URL } | { params: Asked } => {
    const params: Asked = {
      client_id: read("client_id") ?? "",
      redirect_uri: read("redirect_uri") ?? "",
      response_type: read("response_type") ?? "",
      state: read("state") ?? "",
      scope: (read("scope") ?? "").trim().replace(/\s+/g, " "),
    };
    const challenge = read("code_challenge");
    if (challenge !== undefined) {
      params.code_challenge = challenge;
      params.code_challenge_method = read("code_challenge_method") ?? "";
    }
    if (params.client_id !== clientId) return { page: "Invalid OAuth2 application" };
    if (!options.redirectUris.includes(params.redirect_uri)) return { page: "Invalid OAuth2 redirect_uri" };
    const refuse = (error: string, description: string) => {
      const back = new URL(params.redirect_uri);
      back.searchParams.set("error", error);
      back.searchParams.set("error_description", description);
      if (params.state) back.searchParams.set("state", params.state);
      return { redirect: back };
    };
    if (params.response_type !== "code") return refuse("unsupported_response_type", "response_type must be code");
    if (challenge !== undefined && (params.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challenge)))
      return refuse("invalid_request", "Invalid code_challenge");
    const scopes = params.scope.split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.has(s))) return refuse("invalid_scope", "Invalid scope");
    return { params };
  };

  const clientOk = (c: Context, field: (name: string) => string | undefined) => {
    const [id, secret] = basicCredentials(c.req.header("authorization")) ?? [
      field("client_id"),
      field("client_secret"),
    ];
    return id === clientId && secret !== undefined && sameText(secret, clientSecret);
  };

  const message = (channel: Channel, via: MessageView["via"], sent: SentMessage): MessageView => {
    const view: MessageView = {
      id: snowflake(),
      via,
      content: sent.content ?? "",
      embeds: sent.embeds ?? [],
      timestamp: new Date(now()).toISOString(),
      edited: false,
    };
    channel.messages.push(view);
    return view;
  };

  /** A message object as Discord answers it (`?wait=true`, edits). */
  const messageObject = (view: MessageView, channelId: string, webhookId: string) => ({
    id: view.id,
    type: 0,
    content: view.content,
    channel_id: channelId,
    author: { id: webhookId, username: "graph", avatar: null, discriminator: "0000", bot: true },
    attachments: [],
    embeds: view.embeds.map((e) => ({ type: "rich", ...e })),
    mentions: [],
    mention_roles: [],
    pinned: false,
    mention_everyone: false,
    tts: false,
    timestamp: view.timestamp,
    edited_timestamp: view.edited ? new Date(now()).toISOString() : null,
    flags: 0,
    components: [],
    webhook_id: webhookId,
  });

  const unknownWebhook = (c: Context) => c.json({ message: "Unknown Webhook", code: 10015 }, 404);
  const readMessage = async (c: Context) => {
    const body = (await c.req.json().catch(() => undefined)) as unknown;
    return checkMessage(body);
  };

  /** Webhooks, at the API's current version and unversioned (the address Discord gives a webhook). */
  /** The application's token with the commands scope, or Discord's refusal. */
  const commandsAccess = (c: Context) => {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const scopes = bearer ? appTokens.get(bearer) : undefined;
    if (!scopes) return c.json({ message: "401: Unauthorized", code: 0 }, 401);
    if (c.req.param("app") !== applicationId || !scopes.includes("applications.commands.update"))
      return c.json({ message: "Missing Access", code: 50001 }, 403);
    return undefined;
  };
  const hooks = new Hono()
    .get("/applications/:app/commands", (c) => commandsAccess(c) ?? c.json(commands))
    .put("/applications/:app/commands", async (c) => {
      const refused = commandsAccess(c);
      if (refused) return refused;
      const body = (await c.req.json().catch(() => undefined)) as unknown;
      const problem = commandsProblem(body);
      if (problem) return c.json({ message: "Invalid Form Body", code: 50035, errors: { _errors: [problem] } }, 400);
      commands = (body as CommandDefinition[]).map((command) => ({
        ...command,
        id: snowflake(),
        application_id: applicationId,
        version: snowflake(),
        default_member_permissions: null,
      }));
      return c.json(commands);
    })
    .post("/webhooks/:id/:token", async (c) => {
      const webhook = webhooks.get(c.req.param("id") ?? "");
      if (!webhook || webhook.deleted) return unknownWebhook(c);
      if (!sameText(webhook.token, c.req.param("token") ?? ""))
        return c.json({ message: "Invalid Webhook Token", code: 50027 }, 401);
      if (webhook.limited && webhook.limited.count > 0) {
        webhook.limited.count--;
        const retryAfter = webhook.limited.retryAfter;
        c.header("Retry-After", String(Math.ceil(retryAfter)));
        c.header("X-RateLimit-Limit", "5");
        c.header("X-RateLimit-Remaining", "0");
        c.header("X-RateLimit-Reset-After", String(retryAfter));
        c.header("X-RateLimit-Scope", "shared");
        return c.json({ message: "You are being rate limited.", retry_after: retryAfter, global: false }, 429);
      }
      const checked = await readMessage(c);
      if ("error" in checked) return c.json(checked.error, 400);
      const view = message(channels.get(webhook.channelId)!, "webhook", checked.message);
      if (c.req.query("wait") !== "true") return c.body(null, 204);
      return c.json(messageObject(view, webhook.channelId, webhook.id));
    })
    .delete("/webhooks/:id/:token", (c) => {
      const webhook = webhooks.get(c.req.param("id") ?? "");
      if (!webhook || webhook.deleted) return unknownWebhook(c);
      if (!sameText(webhook.token, c.req.param("token") ?? ""))
        return c.json({ message: "Invalid Webhook Token", code: 50027 }, 401);
      webhook.deleted = true;
      return c.body(null, 204);
    })
    .patch("/webhooks/:id/:token/messages/@original", async (c) => {
      const interaction = interactions.get(c.req.param("token"));
      if (c.req.param("id") !== applicationId || !interaction || interaction.expiresAt <= now())
        return unknownWebhook(c);
      await interaction.answered;
      const checked = await readMessage(c);
      if ("error" in checked) return c.json(checked.error, 400);
      const channel = channels.get(interaction.channelId)!;
      const view = channel.messages.find((m) => m.id === interaction.messageId);
      if (!view) return c.json({ message: "Unknown Message", code: 10008 }, 404);
      Object.assign(view, {
        content: checked.message.content ?? view.content,
        embeds: checked.message.embeds ?? view.embeds,
        edited: true,
      });
      return c.json(messageObject(view, channel.id, applicationId));
    });

  const app = new Hono()
    .get("/oauth2/authorize", (c) => {
      const asked = authorizeParams((name) => c.req.query(name));
      if ("page" in asked) return pageOf(c, asked.page);
      if ("redirect" in asked) return c.redirect(asked.redirect.toString(), 302);
      c.header("Content-Security-Policy", pageCsp(siteOrigins));
      return c.html(authorizePage(`${STAND_IN_PATH}/oauth2/authorize`, asked.params, servers));
    })
    .post("/oauth2/authorize", async (c) => {
      const field = textField(await c.req.parseBody());
      const asked = authorizeParams(field);
      if ("page" in asked) return pageOf(c, asked.page);
      if ("redirect" in asked) return c.redirect(asked.redirect.toString(), 303);
      const back = new URL(asked.params.redirect_uri);
      if (asked.params.state) back.searchParams.set("state", asked.params.state);
      const [guildId, channelId] = (field("channel") ?? "").split("/");
      const channel = channels.get(channelId ?? "");
      if (field("decision") !== "allow" || !channel || channel.guildId !== guildId) {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The resource owner or authorization server denied the request");
        return c.redirect(back.toString(), 303);
      }
      const code = token(22);
      codes.set(code, {
        redirectUri: asked.params.redirect_uri,
        codeChallenge: asked.params.code_challenge,
        scope: asked.params.scope,
        guildId: channel.guildId,
        channelId: channel.id,
        expiresAt: now() + CODE_TTL_MS,
      });
      back.searchParams.set("code", code);
      return c.redirect(back.toString(), 303);
    })
    .post("/api/oauth2/token", async (c) => {
      const field = textField(await c.req.parseBody());
      if (!clientOk(c, field)) return c.json({ error: "invalid_client" }, 401);
      const invalid = (description: string) => c.json({ error: "invalid_grant", error_description: description }, 400);
      if (field("grant_type") === "client_credentials") {
        // The application's own token (its owner's), for its commands: no person, no refresh.
        const scopes = (field("scope") ?? "").split(/\s+/).filter(Boolean);
        if (scopes.length === 0 || scopes.some((scope) => !CLIENT_CREDENTIALS_SCOPES.has(scope)))
          return c.json({ error: "invalid_scope", error_description: "The requested scope is invalid" }, 400);
        const accessToken = token(22);
        appTokens.set(accessToken, scopes);
        return c.json({
          token_type: "Bearer",
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          scope: scopes.join(" "),
        });
      }
      if (field("grant_type") !== "authorization_code")
        return c.json({ error: "unsupported_grant_type", error_description: 'Invalid "grant_type"' }, 400);
      const code = field("code") ?? "";
      const found = codes.get(code);
      // A code is spent by its first use, right or wrong.
      codes.delete(code);
      if (!found || found.expiresAt <= now()) return invalid('Invalid "code" in request.');
      if (field("redirect_uri") !== found.redirectUri) return invalid('Invalid "redirect_uri" in request.');
      if (found.codeChallenge !== undefined && s256(field("code_verifier") ?? "") !== found.codeChallenge)
        return invalid('Invalid "code_verifier"');
      const accessToken = token(22);
      grants.set(accessToken, { refreshToken: token(22), revoked: false, scope: found.scope });
      const answer: Record<string, unknown> = {
        token_type: "Bearer",
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        refresh_token: grants.get(accessToken)!.refreshToken,
        scope: found.scope,
      };
      if (found.scope.split(" ").includes("webhook.incoming")) {
        const webhook: Webhook = {
          id: snowflake(),
          token: token(51),
          channelId: found.channelId,
          guildId: found.guildId,
          deleted: false,
        };
        webhooks.set(webhook.id, webhook);
        answer.webhook = {
          application_id: applicationId,
          name: "graph",
          url: `${settings.endpoints.apiUrl.replace(/\/v10$/, "")}/webhooks/${webhook.id}/${webhook.token}`,
          channel_id: webhook.channelId,
          token: webhook.token,
          type: 1,
          avatar: null,
          guild_id: webhook.guildId,
          id: webhook.id,
        };
      }
      return c.json(answer);
    })
    .post("/api/oauth2/token/revoke", async (c) => {
      const field = textField(await c.req.parseBody());
      if (!clientOk(c, field)) return c.json({ error: "invalid_client" }, 401);
      const given = field("token") ?? "";
      for (const [access, grant] of grants) if (access === given || grant.refreshToken === given) grant.revoked = true;
      return c.json({});
    })
    .get("/viewer", (c) => {
      c.header("Content-Security-Policy", pageCsp(siteOrigins));
      return c.html(viewerPage(servers));
    })
    .get("/dev/channels", (c) =>
      c.json({
        servers: servers.map((s) => ({
          id: s.id,
          name: s.name,
          channels: s.channels.map((ch) => ({
            id: ch.id,
            name: ch.name,
            webhooks: [...webhooks.values()]
              .filter((w) => w.channelId === ch.id)
              .map((w) => ({ id: w.id, deleted: w.deleted })),
            messages: ch.messages,
          })),
        })),
      }),
    )
    .get("/dev/commands", (c) => c.json(commands))
    .post("/dev/servers", async (c) => {
      // A server of the test's own (named as asked), so what its channels receive is the test's alone.
      const body = (await c.req.json().catch(() => ({}))) as { name?: unknown; channels?: unknown };
      const names = Array.isArray(body.channels) ? body.channels.filter((n): n is string => typeof n === "string") : [];
      if (typeof body.name !== "string" || !body.name.trim() || names.length === 0 || names.length > 20)
        return c.json({ error: 'Give {"name", "channels": ["general"]}.' }, 400);
      const id = snowflake();
      const server = {
        id,
        name: body.name.trim().slice(0, 100),
        channels: names.map((name): Channel => ({
          id: snowflake(),
          name: name.slice(0, 100),
          guildId: id,
          messages: [],
        })),
      };
      servers.push(server);
      for (const channel of server.channels) channels.set(channel.id, channel);
      return c.json({ id, channels: server.channels.map((ch) => ({ id: ch.id, name: ch.name })) });
    })
    .post("/dev/webhooks/delete", async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { channel_id?: unknown };
      const mine = [...webhooks.values()].filter((w) => w.channelId === body.channel_id && !w.deleted);
      if (!channels.has(String(body.channel_id))) return c.json({ error: 'Give {"channel_id"}.' }, 400);
      for (const w of mine) w.deleted = true;
      return c.json({ deleted: mine.length });
    })
    .post("/dev/webhooks/rate-limit", async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as {
        channel_id?: unknown;
        retry_after?: unknown;
        count?: unknown;
      };
      const retryAfter = typeof body.retry_after === "number" && body.retry_after >= 0 ? body.retry_after : 1;
      const count = typeof body.count === "number" && body.count >= 0 ? Math.floor(body.count) : 1;
      if (!channels.has(String(body.channel_id))) return c.json({ error: 'Give {"channel_id"}.' }, 400);
      const mine = [...webhooks.values()].filter((w) => w.channelId === body.channel_id && !w.deleted);
      for (const w of mine) w.limited = { count, retryAfter };
      return c.json({ limited: mine.length });
    })
    .post("/dev/ping", async (c) => {
      // What Discord sends when the interactions endpoint is saved: a signed PING, to be answered PONG.
      if (!settings.signingKey) return c.json({ error: "Discord is real here: its own app sends interactions." }, 400);
      const payload = JSON.stringify({ type: 1, id: snowflake(), application_id: applicationId, version: 1 });
      const answer = await send(options.interactionsUrl, {
        method: "POST",
        headers: { "content-type": "application/json", ...signInteraction(settings.signingKey, payload) },
        body: payload,
      });
      return c.json({ status: answer.status, response: (await answer.json().catch(() => null)) as unknown });
    })
    .post("/dev/interactions", async (c) => {
      if (!settings.signingKey) return c.json({ error: "Discord is real here: its own app sends interactions." }, 400);
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const channel = channels.get(String(body.channel_id));
      const command = typeof body.command === "string" ? body.command.trim() : "";
      if (!channel || !command)
        return c.json({ error: 'Give {"channel_id", "command": "search rust", "user_id"?}.' }, 400);
      // People can run only what the application registered, as in Discord's command picker.
      const sub = command.split(/\s+/)[0]!;
      const graph = commands.find((registered) => registered.name === "graph");
      if (!graph?.options?.some((option) => option.name === sub))
        return c.json({ error: `/graph ${sub} is not a command this application registered.` }, 400);
      const userId = typeof body.user_id === "string" && /^\d{15,21}$/.test(body.user_id) ? body.user_id : snowflake();
      const interactionToken = `aW50ZXJhY3Rpb246${token(90)}`;
      const payload = JSON.stringify(commandInteraction(applicationId, channel, userId, interactionToken, command));
      let shown!: () => void;
      const interaction = {
        channelId: channel.id,
        messageId: undefined as string | undefined,
        expiresAt: now() + INTERACTION_TTL_MS,
        answered: new Promise<void>((resolve) => (shown = resolve)),
      };
      interactions.set(interactionToken, interaction);
      let answer: Response;
      let text: string;
      try {
        answer = await send(options.interactionsUrl, {
          method: "POST",
          headers: { "content-type": "application/json", ...signInteraction(settings.signingKey, payload) },
          body: payload,
        });
        text = await answer.text();
      } catch (error) {
        shown();
        throw error;
      }
      let response: unknown;
      try {
        response = JSON.parse(text) as unknown;
      } catch {
        response = text;
      }
      // What Discord does with the answer: a message in the channel (type 4), or one that shows
      // the app thinking, to be replaced by an edit (type 5).
      const kind = (response as { type?: unknown } | undefined)?.type;
      let messageId: string | undefined;
      if (answer.status === 200 && (kind === 4 || kind === 5)) {
        const data =
          kind === 4
            ? checkMessage((response as { data?: unknown }).data)
            : { message: { content: "graph is thinking…" } };
        if ("message" in data) messageId = message(channel, "interaction", data.message).id;
      }
      interaction.messageId = messageId;
      shown();
      return c.json({ status: answer.status, response, messageId });
    });
  app.route(API, hooks);
  app.route("/api", hooks);
  return app;
}

/** An APPLICATION_COMMAND interaction for `/graph <subcommand> [words]`, as Discord sends it from a server. */
function commandInteraction(
  applicationId: string,
  channel: Channel,
  userId: string,
  interactionToken: string,
  command: string,
) {
  const [sub = "help", ...rest] = command.split(/\s+/);
  const words = rest.join(" ");
  return {
    type: 2,
    id: snowflake(),
    application_id: applicationId,
    token: interactionToken,
    version: 1,
    guild_id: channel.guildId,
    channel_id: channel.id,
    channel: { id: channel.id, name: channel.name, type: 0, guild_id: channel.guildId },
    member: {
      user: { id: userId, username: `reader${userId.slice(-4)}`, discriminator: "0", global_name: null },
      roles: [],
    },
    locale: "en-US",
    guild_locale: "en-US",
    data: {
      id: snowflake(),
      name: "graph",
      type: 1,
      options: [{ name: sub, type: 1, ...(words ? { options: [{ name: "words", type: 3, value: words }] } : {}) }],
    },
  };
}

/** The scopes an application may ask for its own token (client credentials). */
const CLIENT_CREDENTIALS_SCOPES = new Set(["identify", "connections", "applications.commands.update"]);

interface CommandOption {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  options?: CommandOption[];
}
interface CommandDefinition {
  name: string;
  type?: number;
  description: string;
  options?: CommandOption[];
}
type RegisteredCommand = CommandDefinition & { id: string; application_id: string; version: string };

/** Discord's rules for a name (lower case where it has case) and a description. */
const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;
const nameProblem = (name: unknown) =>
  typeof name !== "string" || !NAME.test(name) || name !== name.toLowerCase()
    ? `invalid name ${String(name)}`
    : undefined;
const descriptionProblem = (text: unknown) =>
  typeof text !== "string" || text.length < 1 || text.length > 100 ? "a description is 1 to 100 characters" : undefined;

/** Why a `PUT /applications/{id}/commands` body is refused, as Discord refuses it; undefined when it is valid. */
function commandsProblem(body: unknown): string | undefined {
  if (!Array.isArray(body) || body.length > 100) return "give an array of at most 100 commands";
  const names = new Set<string>();
  for (const command of body as CommandDefinition[]) {
    const problem = nameProblem(command?.name) ?? descriptionProblem(command?.description);
    if (problem) return problem;
    if (names.has(command.name)) return `the command ${command.name} is given twice`;
    names.add(command.name);
    const optionsProblem = optionProblem(command.options, 0);
    if (optionsProblem) return `${command.name}: ${optionsProblem}`;
  }
  return undefined;
}

function optionProblem(options: CommandOption[] | undefined, depth: number): string | undefined {
  if (options === undefined) return undefined;
  if (!Array.isArray(options) || options.length > 25) return "at most 25 options";
  if (depth > 2) return "options nest at most two deep";
  const names = new Set<string>();
  for (const option of options) {
    const problem =
      nameProblem(option?.name) ??
      descriptionProblem(option?.description) ??
      (Number.isInteger(option.type) && option.type >= 1 && option.type <= 11
        ? undefined
        : "an option's type is 1 to 11");
    if (problem) return problem;
    if (names.has(option.name)) return `the option ${option.name} is given twice`;
    names.add(option.name);
    const nested = optionProblem(option.options, depth + 1);
    if (nested) return `${option.name}: ${nested}`;
  }
  return undefined;
}
