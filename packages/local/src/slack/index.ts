import { createHash, createHmac, randomBytes } from "node:crypto";
import { Hono } from "hono";
import { escapeHtml } from "@graph/core/lib/util";
import { basicCredentials, bearerToken, sameText, textField } from "../oauth-requests.ts";

/** Slack's published addresses, used when SLACK_CLIENT_ID is set (as on AWS: infra/media.ts). */
export const SLACK = {
  authorizationEndpoint: "https://slack.com/oauth/v2/authorize",
  apiUrl: "https://slack.com/api",
  hooksUrl: "https://hooks.slack.com/",
};

export interface SlackSettings {
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  /** What graph links as `Resource.Slack`. */
  endpoints: typeof SLACK;
  /** Whether graph connects to the stand-in (mounted at `STAND_IN_PATH`). */
  standIn: boolean;
}

/** Where the stand-in answers (this machine only). */
export const STAND_IN_PATH = "/_slack";

/**
 * Real Slack when SLACK_CLIENT_ID (with its secret and signing secret) is set; otherwise the
 * stand-in on this port, with a client and a signing secret made for this run.
 */
export function slackSettings(runtimeUrl: string, env: NodeJS.ProcessEnv = process.env): SlackSettings {
  const clientId = env.SLACK_CLIENT_ID?.trim();
  if (clientId) {
    return {
      clientId,
      clientSecret: env.SLACK_CLIENT_SECRET?.trim() ?? "",
      signingSecret: env.SLACK_SIGNING_SECRET?.trim() ?? "",
      endpoints: SLACK,
      standIn: false,
    };
  }
  const base = `${runtimeUrl}${STAND_IN_PATH}`;
  return {
    clientId: `${randomBytes(5).readUInt32BE()}.${randomBytes(6).readUIntBE(0, 6)}`,
    clientSecret: randomBytes(16).toString("hex"),
    signingSecret: randomBytes(16).toString("hex"),
    endpoints: {
      authorizationEndpoint: `${base}/oauth/v2/authorize`,
      apiUrl: `${base}/api`,
      hooksUrl: `${base}/hooks/`,
    },
    standIn: true,
  };
}

/** Slack's scopes the stand-in knows; anything else asked for is `invalid_scope`. */
const SCOPES = new Set(["incoming-webhook", "commands", "chat:write", "channels:read"]);
const CODE_TTL_MS = 10 * 60_000;
/** Block Kit's limits, refused as Slack refuses them (`invalid_blocks`). */
const LIMITS = { blocks: 50, headerText: 150, sectionText: 3000, text: 40_000 };

interface Team {
  id: string;
  name: string;
}
interface Hook {
  id: string;
  team: Team;
  channel: string;
  channelId: string;
  url: string;
  /** "removed": 404 no_service; "archived": 410 channel_is_archived. */
  state: "ok" | "removed" | "archived";
  /** 429s still to answer before posts go through again, and the wait each asks. */
  rateLimited: { count: number; retryAfter: number };
  token: string;
}
/** What a channel received, as the viewer lists it. */
export interface Received {
  at: string;
  /** "webhook" or "command" (an answer to a slash command's response_url). */
  via: "webhook" | "response";
  text: string;
  blocks: unknown[];
}

const id = (prefix: string) => `${prefix}${randomBytes(5).toString("hex").toUpperCase()}`;
const teamIdOf = (name: string) =>
  `T${createHash("sha256").update(name.toLowerCase()).digest("hex").slice(0, 9).toUpperCase()}`;
const channelIdOf = (team: string, channel: string) =>
  `C${createHash("sha256").update(`${team}#${channel}`.toLowerCase()).digest("hex").slice(0, 9).toUpperCase()}`;

/** Slack's own check of a webhook body: what it refuses with 400 `invalid_blocks` and the like. */
function badBody(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return "invalid_payload";
  const { text, blocks } = body as { text?: unknown; blocks?: unknown };
  if (text === undefined && blocks === undefined) return "no_text";
  if (text !== undefined && (typeof text !== "string" || text.length > LIMITS.text)) return "invalid_payload";
  if (blocks === undefined) return undefined;
  if (!Array.isArray(blocks) || blocks.length > LIMITS.blocks) return "invalid_blocks";
  for (const block of blocks as Array<{ type?: string; text?: { text?: string; type?: string } }>) {
    if (
      block.type === "header" &&
      (block.text?.type !== "plain_text" || (block.text.text ?? "").length > LIMITS.headerText)
    )
      return "invalid_blocks";
    if (block.type === "section" && (block.text?.text ?? "").length > LIMITS.sectionText) return "invalid_blocks";
  }
  return undefined;
}

export interface SlackStandInOptions {
  /** The callback URIs registered for the app (graph's `/api/slack/api/callback`). */
  redirectUris: string[];
  /** The slash command's Request URL (graph's `/api/slack/commands`). */
  commandsUrl: string;
  /** The stand-in's own address (its hooks' and response URLs' base). */
  baseUrl: string;
}

/**
 * The Slack stand-in: the "Add to Slack" consent page (choose a workspace and a channel),
 * `oauth.v2.access` with its `incoming_webhook`, `auth.revoke`, incoming webhooks with Slack's
 * answers (200 `ok`; 404 `no_service` for a removed webhook, 410 `channel_is_archived`; 429
 * with `Retry-After`), commands' `response_url`s, a viewer of what each channel received, and
 * dev hooks: `POST /dev/webhook` (remove, archive or rate-limit a channel's webhook) and
 * `POST /dev/command` (send a slash command to graph, signed as Slack signs it).
 */
export function slackApp(settings: SlackSettings, options: SlackStandInOptions) {
  const { clientId, clientSecret, signingSecret } = settings;
  const base = `${options.baseUrl.replace(/\/$/, "")}${STAND_IN_PATH}`;
  const codes = new Map<string, { hook: Hook; redirectUri: string; expiresAt: number }>();
  const hooks = new Map<string, Hook>();
  const received = new Map<string, Received[]>();
  const responses = new Map<string, { hook: Hook | undefined; channelKey: string }>();
  const channelKey = (team: string, channel: string) => `${team} ${channel}`;
  const record = (key: string, entry: Received) => received.set(key, [...(received.get(key) ?? []), entry]);

  const consentPage = (params: Record<string, string>) => {
    const hidden = Object.entries(params)
      .map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`)
      .join("");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Add graph to Slack · local stand-in</title></head>
<body style="font:15px/1.5 system-ui,sans-serif;max-width:440px;margin:40px auto;padding:0 16px"><main><h1>graph is requesting permission to access a Slack workspace</h1>
<p>local stand-in: nothing leaves this machine.</p>
<form method="post" action="${STAND_IN_PATH}/oauth/v2/authorize" data-testid="slack-authorize-form">${hidden}
<label for="team">Workspace</label><br><input id="team" name="team" value="Local workspace" maxlength="60" data-testid="slack-team"><br>
<label for="channel">Where should graph post?</label><br><input id="channel" name="channel" value="#general" maxlength="80" data-testid="slack-channel">
<p>graph asks to: ${escapeHtml(params.scope ?? "")}</p>
<button type="submit" name="decision" value="allow" data-testid="slack-allow">Allow</button>
<button type="submit" name="decision" value="cancel" data-testid="slack-cancel">Cancel</button></form></main></body></html>`;
  };

  const asked = (read: (name: string) => string | undefined) => {
    const params = {
      client_id: read("client_id") ?? "",
      scope: read("scope") ?? "",
      redirect_uri: read("redirect_uri") ?? "",
      state: read("state") ?? "",
    };
    const refuse = (page: string): { page: string } | { params: typeof params } => ({ page });
    if (params.client_id !== clientId) return refuse("invalid_client_id");
    if (!options.redirectUris.includes(params.redirect_uri)) return refuse("bad_redirect_uri");
    if (params.scope.split(",").some((s) => s && !SCOPES.has(s))) return refuse("invalid_scope");
    return { params };
  };

  const viewerHtml = () => {
    const sections = [...received.entries()]
      .map(([key, messages]) => {
        const items = messages
          .map(
            (m) =>
              `<li data-testid="slack-message"><small>${escapeHtml(m.at)} · ${m.via}</small><pre style="white-space:pre-wrap">${escapeHtml(
                [m.text, ...m.blocks.map(blockText)].filter(Boolean).join("\n"),
              )}</pre></li>`,
          )
          .join("");
        return `<section data-testid="slack-channel"><h2>${escapeHtml(key)}</h2><ol>${items}</ol></section>`;
      })
      .join("");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack · what each channel received</title></head><body style="font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px"><h1>What each channel received</h1>${sections || "<p>Nothing yet.</p>"}</body></html>`;
  };

  const sign = (body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
    "x-slack-request-timestamp": timestamp,
    "x-slack-signature": `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex")}`,
  });

  return new Hono()
    .get("/oauth/v2/authorize", (c) => {
      const a = asked((n) => c.req.query(n));
      if ("page" in a) return c.html(`<p>${escapeHtml(a.page)}</p>`, 400);
      return c.html(consentPage(a.params));
    })
    .post("/oauth/v2/authorize", async (c) => {
      const field = textField(await c.req.parseBody());
      const a = asked(field);
      if ("page" in a) return c.html(`<p>${escapeHtml(a.page)}</p>`, 400);
      const back = new URL(a.params.redirect_uri);
      if (a.params.state) back.searchParams.set("state", a.params.state);
      const teamName = (field("team") ?? "").trim().slice(0, 60);
      const channelName = (field("channel") ?? "").trim().slice(0, 80);
      if (field("decision") !== "allow" || !teamName || !channelName) {
        back.searchParams.set("error", "access_denied");
        return c.redirect(back.toString(), 303);
      }
      const channel = channelName.startsWith("#") ? channelName : `#${channelName}`;
      const team = { id: teamIdOf(teamName), name: teamName };
      const hookId = `${team.id}/${id("B")}/${randomBytes(12).toString("base64url")}`;
      const hook: Hook = {
        id: hookId,
        team,
        channel,
        channelId: channelIdOf(teamName, channel),
        url: `${base}/hooks/services/${hookId}`,
        state: "ok",
        rateLimited: { count: 0, retryAfter: 0 },
        token: `xoxb-${randomBytes(18).toString("hex")}`,
      };
      const code = randomBytes(20).toString("hex");
      codes.set(code, { hook, redirectUri: a.params.redirect_uri, expiresAt: Date.now() + CODE_TTL_MS });
      back.searchParams.set("code", code);
      return c.redirect(back.toString(), 303);
    })
    .post("/api/oauth.v2.access", async (c) => {
      const field = textField(await c.req.parseBody());
      const [idGiven, secret] = basicCredentials(c.req.header("authorization")) ?? [
        field("client_id"),
        field("client_secret"),
      ];
      if (idGiven !== clientId || secret === undefined || !sameText(secret, clientSecret))
        return c.json({ ok: false, error: "invalid_client_id" });
      const code = field("code") ?? "";
      const granted = codes.get(code);
      codes.delete(code);
      if (!granted || granted.expiresAt < Date.now()) return c.json({ ok: false, error: "invalid_code" });
      if (field("redirect_uri") !== granted.redirectUri) return c.json({ ok: false, error: "bad_redirect_uri" });
      const { hook } = granted;
      hooks.set(hook.id, hook);
      return c.json({
        ok: true,
        app_id: "A0GRAPH",
        authed_user: { id: id("U") },
        scope: "incoming-webhook,commands",
        token_type: "bot",
        access_token: hook.token,
        bot_user_id: id("U"),
        team: hook.team,
        enterprise: null,
        is_enterprise_install: false,
        incoming_webhook: {
          channel: hook.channel,
          channel_id: hook.channelId,
          configuration_url: `${base}/viewer`,
          url: hook.url,
        },
      });
    })
    .post("/api/auth.revoke", async (c) => {
      const field = textField(await c.req.parseBody().catch(() => ({})));
      const token = bearerToken(c.req.header("authorization")) ?? field("token");
      const hook = [...hooks.values()].find((h) => token && h.token === token);
      if (!hook) return c.json({ ok: false, error: "invalid_auth" });
      // Uninstalling the app removes its webhooks.
      hook.state = "removed";
      hook.token = "";
      return c.json({ ok: true, revoked: true });
    })
    .post("/hooks/services/:team/:bot/:secret", async (c) => {
      const hook = hooks.get(`${c.req.param("team")}/${c.req.param("bot")}/${c.req.param("secret")}`);
      if (!hook || hook.state === "removed") return c.text("no_service", 404);
      if (hook.state === "archived") return c.text("channel_is_archived", 410);
      if (hook.rateLimited.count > 0) {
        hook.rateLimited.count--;
        c.header("Retry-After", String(hook.rateLimited.retryAfter));
        return c.text("rate_limited", 429);
      }
      const body = await c.req.json().catch(() => undefined);
      const bad = badBody(body);
      if (bad) return c.text(bad, 400);
      const { text = "", blocks = [] } = body as { text?: string; blocks?: unknown[] };
      record(channelKey(hook.team.name, hook.channel), { at: new Date().toISOString(), via: "webhook", text, blocks });
      return c.text("ok");
    })
    .post("/hooks/commands/:id", async (c) => {
      const response = responses.get(c.req.param("id"));
      if (!response) return c.text("no_service", 404);
      const body = await c.req.json().catch(() => undefined);
      const bad = badBody(body);
      if (bad) return c.text(bad, 400);
      const { text = "", blocks = [] } = body as { text?: string; blocks?: unknown[] };
      record(response.channelKey, { at: new Date().toISOString(), via: "response", text, blocks });
      return c.text("ok");
    })
    .get("/viewer", (c) => c.html(viewerHtml()))
    .get("/viewer.json", (c) => c.json(Object.fromEntries(received)))
    .post("/dev/webhook", async (c) => {
      const { channel, team, state, rateLimited } = await c.req.json<{
        channel: string;
        team?: string;
        state?: Hook["state"];
        rateLimited?: { count: number; retryAfter: number };
      }>();
      const matching = [...hooks.values()].filter(
        (h) => h.channel === channel && (team === undefined || h.team.name === team),
      );
      for (const hook of matching) {
        if (state) hook.state = state;
        if (rateLimited) hook.rateLimited = { ...rateLimited };
      }
      return c.json({ changed: matching.length });
    })
    .post("/dev/command", async (c) => {
      const request = await c.req.json<{
        team: string;
        channel?: string;
        text: string;
        /** Test only: sign with another secret, an old timestamp, or send the same request twice. */
        forge?: "secret" | "stale" | "replay";
      }>();
      const team = { id: teamIdOf(request.team), name: request.team };
      const channel = request.channel ?? "#general";
      const responseId = randomBytes(12).toString("hex");
      const hook = [...hooks.values()].find((h) => h.team.id === team.id && h.channel === channel);
      responses.set(responseId, { hook, channelKey: channelKey(team.name, channel) });
      const body = new URLSearchParams({
        token: "deprecated",
        team_id: team.id,
        team_domain: team.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        channel_id: channelIdOf(team.name, channel),
        channel_name: channel.replace(/^#/, ""),
        user_id: "U0LOCAL",
        user_name: "local",
        command: "/graph",
        text: request.text,
        api_app_id: "A0GRAPH",
        response_url: `${base}/hooks/commands/${responseId}`,
        trigger_id: randomBytes(8).toString("hex"),
      }).toString();
      const headers: Record<string, string> =
        request.forge === "secret"
          ? {
              ...sign(body),
              "x-slack-signature": `v0=${createHmac("sha256", "not-the-secret").update(body).digest("hex")}`,
            }
          : request.forge === "stale"
            ? sign(body, String(Math.floor(Date.now() / 1000) - 10 * 60))
            : sign(body);
      const send = () =>
        fetch(options.commandsUrl, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body,
        });
      if (request.forge === "replay") await (await send()).body?.cancel();
      const answer = await send();
      const text = await answer.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      return c.json({ status: answer.status, answer: json ?? text, channel: channelKey(team.name, channel) });
    });
}

/** A block's text, for the viewer. */
function blockText(block: unknown): string {
  const b = block as { type?: string; text?: { text?: string }; elements?: Array<{ text?: string }> };
  if (b.text?.text) return b.type === "header" ? `# ${b.text.text}` : b.text.text;
  return (b.elements ?? []).map((e) => e.text ?? "").join(" ");
}
