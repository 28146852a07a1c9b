import { Resource } from "sst";
import { transact } from "../../adapters/dynamo/index.ts";
import { VisibleError } from "../../lib/errors/index.ts";
import { PLAN_LIMITS, requireFeature, type Plan } from "../../lib/plans/index.ts";
import { randomToken, safeEqual, seal } from "../../lib/util/index.ts";
import * as Users from "../users/index.ts";
import * as Connections from "../connections/index.ts";
import { ChannelEntity, ChannelOwnerEntity } from "./channel.entity.ts";
import { CHANNEL_MESSAGES, type ChannelKind, type ChannelService, type ExchangedChannel } from "./rules.ts";
import { reschedule } from "./schedule.ts";
import { serviceOf } from "./service.ts";
import { log } from "../../lib/observability/index.ts";

export const sealKey = () => Resource.OAuthTokenKey.value;

/** The configured service of a kind, or a visible 503 (Discord before its part exists, or keys unset). */
export function configuredService(kind: ChannelKind): ChannelService {
  const service = serviceOf(kind);
  if (!service || !service.isConfigured())
    throw new VisibleError(503, "not_configured", CHANNEL_MESSAGES.notConfigured(kind));
  return service;
}

/**
 * Starts adding a channel for the signed-in person: their plan must have the bot (403
 * `plan_required` otherwise); a pending authorization is kept under the state's hash for ten
 * minutes and the browser is sent to the service's consent page.
 */
export async function startConnect(
  kind: ChannelKind,
  userId: string,
  plan: Plan,
  redirect: string,
): Promise<{ url: string; state: string; maxAge: number }> {
  requireFeature(plan, "bot");
  const service = configuredService(kind);
  const { state, codeVerifier, maxAge } = await Connections.keepAuthorization(kind, userId, redirect);
  return { url: service.authorizeUrl(state, codeVerifier).toString(), state, maxAge };
}

export type ConnectOutcome = "connected" | "failed" | "limit";

/**
 * Finishes adding a channel: the state must be this browser's, unused and the same person's; the
 * code is exchanged for the channel the person chose; the channel is stored within the plan's
 * cap (read now: a downgrade meanwhile counts). A refused or failed connect stores nothing and
 * revokes what the service granted.
 */
export async function finishConnect(
  kind: ChannelKind,
  input: { code: string; state: string; browserState: string | undefined; userId: string },
  fallback: string,
): Promise<{ redirect: string; outcome: ConnectOutcome }> {
  if (!input.browserState || !safeEqual(input.browserState, input.state))
    return { redirect: fallback, outcome: "failed" };
  const pending = await Connections.takeAuthorization(kind, input.state);
  if (!pending || pending.userId !== input.userId) return { redirect: fallback, outcome: "failed" };
  const service = serviceOf(kind);
  if (!service) return { redirect: pending.redirect, outcome: "failed" };
  let exchanged: ExchangedChannel;
  try {
    exchanged = await service.exchange(input.code, pending.codeVerifier);
  } catch (error) {
    log.warn("channels: a connect failed", {
      kind,
      userId: input.userId,
      reason: error instanceof Error ? error.name : "unknown",
    });
    return { redirect: pending.redirect, outcome: "failed" };
  }
  const user = await Users.byId(input.userId);
  const outcome = user ? await addChannel(kind, input.userId, user.plan, exchanged) : "failed";
  if (outcome !== "connected") await service.revoke(exchanged.accessToken, exchanged.webhookUrl);
  return { redirect: pending.redirect, outcome };
}

/** Gives up a connect the person cancelled at the service. */
export async function cancelConnect(kind: ChannelKind, state: string, fallback: string): Promise<string> {
  return (await Connections.takeAuthorization(kind, state))?.redirect ?? fallback;
}

/**
 * Stores a channel and counts it in one transaction whose condition holds the plan's cap, so
 * parallel connects cannot pass it. Then the person's deliveries are scheduled.
 */
export async function addChannel(
  kind: ChannelKind,
  userId: string,
  plan: Plan,
  exchanged: ExchangedChannel,
): Promise<"connected" | "limit"> {
  const max = PLAN_LIMITS[plan].channelsMax;
  if (max <= 0) return "limit";
  const now = Date.now();
  const result = await transact([
    ChannelOwnerEntity.update({ userId })
      .add({ count: 1 })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, max)}`),
    ChannelEntity.create({
      userId,
      channelId: randomToken(12),
      kind,
      name: exchanged.channelName.slice(0, 200) || "channel",
      workspace: exchanged.workspaceName.slice(0, 200),
      workspaceId: exchanged.workspaceId,
      ...(exchanged.serviceChannelId ? { serviceChannelId: exchanged.serviceChannelId } : {}),
      webhook: seal(exchanged.webhookUrl, sealKey()),
      ...(exchanged.accessToken ? { token: seal(exchanged.accessToken, sealKey()) } : {}),
      status: "ok",
      createdAt: now,
    }),
  ]);
  if (result.canceled) {
    if (result.reasons[0] === "ConditionalCheckFailed") return "limit";
    throw new Error(`a channel of ${userId} could not be stored: ${result.reasons.join(", ")}`);
  }
  await reschedule(userId, now);
  return "connected";
}

/** Removes a deleted account's connects under way and the windows counting their starts. */
export async function purgeConnects(userId: string): Promise<void> {
  await Promise.all((["slack", "discord"] as const).map((kind) => Connections.purgeConnects(kind, userId)));
}
