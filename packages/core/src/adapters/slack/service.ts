import * as z from "zod";
import { GrantRefusedError, ProviderUnavailableError } from "../oauth/index.ts";
import type { ChannelService, PicksMessage, PostResult } from "../../modules/channels/rules.ts";
import { picksBody, textBody } from "./blocks.ts";
import { clientId, clientSecret, isConfigured, isSlackHook, redirectUri, slackUrls } from "./provider.ts";
import { log } from "../../lib/observability/index.ts";

/** Slack answers within this long. */
const TIMEOUT_MS = 10_000;
/** A 429 without a usable `Retry-After` waits this long. */
const DEFAULT_RETRY_AFTER_S = 30;

/** The scopes the bot asks for: a webhook into the channel chosen on Slack's page, and the slash command. */
export const SLACK_SCOPES = ["incoming-webhook", "commands"];

/** `oauth.v2.access`'s answer, untrusted: only what is used. */
const AccessAnswer = z.union([
  z.object({
    ok: z.literal(true),
    access_token: z.string().min(1).max(500),
    team: z.object({ id: z.string().min(1).max(100), name: z.string().max(200).default("") }),
    incoming_webhook: z.object({
      channel: z.string().max(200),
      channel_id: z.string().max(100).optional(),
      url: z.string().url().max(2000),
    }),
  }),
  z.object({ ok: z.literal(false), error: z.string().max(200) }),
]);

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch {
    throw new ProviderUnavailableError(`${new URL(url).pathname} is not reachable`);
  }
}

/** Seconds a 429 asks to wait (`Retry-After`), as milliseconds. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  return (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : DEFAULT_RETRY_AFTER_S) * 1000;
}

/**
 * Posts a body to a Slack hook (an incoming webhook or a command's `response_url`): 200 is sent,
 * 404 `no_service` and 410 `channel_is_archived` say the webhook is gone, 429 how long to wait.
 * Anything else (or no answer) throws, for the queue to try again.
 */
export async function postToHook(url: string, body: object): Promise<PostResult> {
  if (!isSlackHook(url)) return { ok: false, gone: true };
  const response = await call(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  if (response.status === 200) return { ok: true };
  if (response.status === 404 || response.status === 410) return { ok: false, gone: true };
  if (response.status === 429) return { ok: false, retryAfterMs: retryAfterMs(response) };
  throw new ProviderUnavailableError(`Slack's webhook answered ${response.status}`);
}

const bodyOf = (message: PicksMessage | { text: string }) =>
  "text" in message ? textBody(message.text) : picksBody(message);

/** Slack: "Add to Slack" (OAuth v2, no PKCE), incoming webhooks in Block Kit, `auth.revoke`. */
export const slackService: ChannelService = {
  kind: "slack",
  isConfigured,
  authorizeUrl(state) {
    const url = new URL(slackUrls().authorizationEndpoint);
    url.searchParams.set("client_id", clientId());
    url.searchParams.set("scope", SLACK_SCOPES.join(","));
    url.searchParams.set("redirect_uri", redirectUri());
    url.searchParams.set("state", state);
    return url;
  },
  async exchange(code) {
    const response = await call(`${slackUrls().apiUrl.replace(/\/$/, "")}/oauth.v2.access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: clientId(),
        client_secret: clientSecret(),
        code,
        redirect_uri: redirectUri(),
      }).toString(),
    });
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ProviderUnavailableError("oauth.v2.access answered no JSON");
    }
    const parsed = AccessAnswer.safeParse(data);
    if (!parsed.success) throw new ProviderUnavailableError("oauth.v2.access answered no usable grant");
    if (!parsed.data.ok) throw new GrantRefusedError(parsed.data.error);
    const { access_token, team, incoming_webhook } = parsed.data;
    if (!isSlackHook(incoming_webhook.url)) throw new ProviderUnavailableError("the webhook is not Slack's");
    return {
      webhookUrl: incoming_webhook.url,
      channelName: incoming_webhook.channel,
      workspaceId: team.id,
      workspaceName: team.name,
      accessToken: access_token,
      ...(incoming_webhook.channel_id ? { serviceChannelId: incoming_webhook.channel_id } : {}),
    };
  },
  post: (webhookUrl, message) => postToHook(webhookUrl, bodyOf(message)),
  // A `response_url` takes the same bodies as a webhook.
  answer: (responseUrl, message) => postToHook(responseUrl, bodyOf(message)),
  async revoke(accessToken) {
    if (!accessToken) return;
    try {
      const response = await call(`${slackUrls().apiUrl.replace(/\/$/, "")}/auth.revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      await response.body?.cancel();
    } catch (error) {
      // Best effort: the grant is deleted here whatever Slack answered.
      log.warn("slack: a revoke failed", { reason: error instanceof Error ? error.name : "unknown" });
    }
  },
};
