import * as z from "zod";
import type { PostResult } from "../../modules/channels/rules.ts";
import { ProviderUnavailableError } from "../oauth/index.ts";
import { apiUrl } from "./provider.ts";
import { messageOf, type DiscordAnswer } from "./message.ts";

/** A message is posted (or refused) within this long; a digest run has many to send. */
const TIMEOUT_MS = 10_000;
/** Discord's JSON error codes that mean the webhook is no more (deleted, or its token reset). */
const UNKNOWN_WEBHOOK = 10015;
const INVALID_WEBHOOK_TOKEN = 50027;
/** When a 429 names no wait (it always should), this long. */
const DEFAULT_RETRY_MS = 1000;

const Snowflake = z.string().regex(/^\d{15,21}$/);
const WebhookToken = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);

/** The webhook's address on the linked API, from its id and token (never an address the answer names). */
export function webhookUrl(id: string, token: string): string {
  if (!Snowflake.safeParse(id).success || !WebhookToken.safeParse(token).success)
    throw new ProviderUnavailableError("Discord answered a webhook that is not one");
  return apiUrl(`/webhooks/${id}/${token}`);
}

const ErrorAnswer = z.object({ code: z.number().optional(), retry_after: z.number().nonnegative().optional() });

async function errorOf(response: Response): Promise<z.infer<typeof ErrorAnswer>> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = ErrorAnswer.safeParse(JSON.parse(text.slice(0, 10_000)));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** How long a 429 says to wait: its JSON `retry_after` (seconds, fractional), else the `Retry-After` header. */
function retryAfterMs(body: z.infer<typeof ErrorAnswer>, header: string | null): number {
  const seconds = body.retry_after ?? (header !== null && /^\d+(\.\d+)?$/.test(header) ? Number(header) : undefined);
  return seconds === undefined ? DEFAULT_RETRY_MS : Math.max(1, Math.ceil(seconds * 1000));
}

/**
 * Sends `body` to a webhook address (`POST` to execute, `PATCH` to edit an interaction's
 * answer) and says how it went: sent; gone (Discord's 404 "Unknown Webhook", or 401 "Invalid
 * Webhook Token"); or rate limited, with the wait Discord asked for. Anything else throws
 * `ProviderUnavailableError`, naming the status and code only (the address holds the token).
 */
async function send(method: "POST" | "PATCH", url: string, body: unknown): Promise<PostResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    throw new ProviderUnavailableError("Discord is not reachable");
  }
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const error = await errorOf(response);
  if (response.status === 429)
    return { ok: false, retryAfterMs: retryAfterMs(error, response.headers.get("retry-after")) };
  if (
    (response.status === 404 && error.code === UNKNOWN_WEBHOOK) ||
    (response.status === 401 && error.code === INVALID_WEBHOOK_TOKEN)
  )
    return { ok: false, gone: true };
  throw new ProviderUnavailableError(
    `Discord answered ${response.status}${error.code === undefined ? "" : ` (code ${error.code})`}`,
  );
}

/** Executes the webhook with the answer rendered (`?wait=true`: Discord answers once the message is stored). */
export function postToWebhook(url: string, answer: DiscordAnswer): Promise<PostResult> {
  const address = new URL(url);
  address.searchParams.set("wait", "true");
  return send("POST", address.toString(), messageOf(answer));
}

const InteractionToken = /^[A-Za-z0-9_.-]{1,500}$/;

/**
 * The address of an interaction's deferred answer ("graph is thinking…"), which the answer
 * replaces when it is ready: on the linked API, from the application's id and the interaction's
 * token (valid 15 minutes). Undefined for anything that is not one.
 */
export function followUpUrl(applicationId: string, interactionToken: string): string | undefined {
  if (!Snowflake.safeParse(applicationId).success || !InteractionToken.test(interactionToken)) return undefined;
  return apiUrl(`/webhooks/${applicationId}/${interactionToken}/messages/@original`);
}

/** Whether an address is a deferred answer's on the linked API (only those are edited). */
function isFollowUpUrl(url: string): boolean {
  const prefix = apiUrl("/webhooks/");
  if (!url.startsWith(prefix)) return false;
  const [app = "", token = "", ...rest] = url.slice(prefix.length).split("/");
  return rest.join("/") === "messages/@original" && followUpUrl(app, token) === url;
}

/**
 * Replaces an interaction's deferred answer with the answer (a `PATCH` of its original
 * message). An address that is not a deferred answer's is gone: nothing is sent there.
 */
export function answerInteraction(url: string, answer: DiscordAnswer): Promise<PostResult> {
  if (!isFollowUpUrl(url)) return Promise.resolve({ ok: false, gone: true });
  return send("PATCH", url, messageOf(answer));
}

/** Deletes the webhook graph posts with (on unlink); one already gone counts as deleted. */
export async function deleteWebhook(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: "DELETE", signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch {
    throw new ProviderUnavailableError("Discord is not reachable");
  }
  await response.body?.cancel();
  if (!response.ok && response.status !== 404 && response.status !== 401)
    throw new ProviderUnavailableError(`Discord answered ${response.status} to deleting a webhook`);
}
