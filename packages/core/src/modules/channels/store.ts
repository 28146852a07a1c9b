import { deleteKeys, isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { notFound } from "../../lib/errors/index.ts";
import { PLAN_LIMITS, planIncludes, type Plan } from "../../lib/plans/index.ts";
import { unseal } from "../../lib/util/index.ts";
import * as Topics from "../topics/index.ts";
import {
  ChannelEntity,
  ChannelOwnerEntity,
  ChannelRouteEntity,
  ChannelSendEntity,
  type Channel,
} from "./channel.entity.ts";
import { sealKey } from "./connect.ts";
import { CHANNEL_MESSAGES, TEAM_SHARES_SHOWN, type ChannelsAnswer, type ChannelView } from "./rules.ts";
import { forgetWorkspace, recentShares, type TeamShareView } from "./team-shares.ts";
import { purgeRates } from "./rates.ts";
import { reschedule } from "./schedule.ts";
import { configuredKinds, serviceOf } from "./service.ts";

/** Opens a sealed value; undefined when it cannot be opened (the key changed since). */
export function opened(sealed: string | undefined): string | undefined {
  if (!sealed) return undefined;
  try {
    return unseal(sealed, sealKey());
  } catch {
    return undefined;
  }
}

export async function channelsOf(userId: string): Promise<Channel[]> {
  const { data } = await ChannelEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.sort((a, b) => a.createdAt - b.createdAt);
}

/** A channel as the settings show it; its routed topics named as the person's topics now are (unfollowed ones left out). */
const viewOf = (c: Channel, topics: Map<string, string>, shares: TeamShareView[]): ChannelView => ({
  channelId: c.channelId,
  kind: c.kind,
  name: c.name,
  workspace: c.workspace,
  status: c.status,
  createdAt: new Date(c.createdAt).toISOString(),
  lastSentAt: c.lastSentAt ? new Date(c.lastSentAt).toISOString() : null,
  shares,
  teamDigest: { on: c.teamDigest === true, day: c.teamDigestDay ?? 1 },
  topics: (c.topics ?? []).flatMap((id) => {
    const topic = topics.get(id);
    return topic === undefined ? [] : [{ id, topic }];
  }),
});

/** The person's channels (never a webhook or a token), the plan's cap and the kinds that can be added. */
export async function list(userId: string, plan: Plan): Promise<ChannelsAnswer> {
  const [channels, topics] = await Promise.all([channelsOf(userId), Topics.listRaw(userId)]);
  const names = new Map(topics.map((t) => [t.topicId, t.topic]));
  // The team's shares where the plan has them: one query per workspace.
  const workspaces = new Map(
    channels.map((c) => [`${c.kind}:${c.workspaceId}`, { kind: c.kind, workspaceId: c.workspaceId }]),
  );
  const shares = planIncludes(plan, "teamBot")
    ? await recentShares([...workspaces.values()], TEAM_SHARES_SHOWN)
    : new Map();
  return {
    channels: channels.map((c) => viewOf(c, names, shares.get(`${c.kind}:${c.workspaceId}`) ?? [])),
    max: PLAN_LIMITS[plan].channelsMax,
    kinds: configuredKinds(),
  };
}

/** One of the person's channels, or 404 (another person's is as unknown as none). */
export async function ownChannel(userId: string, channelId: string): Promise<Channel> {
  const { data } = await ChannelEntity.get({ userId, channelId }).go({ consistent: true });
  if (!data) throw notFound(CHANNEL_MESSAGES.noSuchChannel);
  return data;
}

/** Marks a channel broken: its webhook is gone (the person is told on the feed tab). */
export async function markBroken(userId: string, channelId: string): Promise<void> {
  await ChannelEntity.patch({ userId, channelId })
    .set({ status: "broken" })
    .go()
    .catch((error: unknown) => {
      // Unlinked meanwhile.
      if (!isConditionFailure(error)) throw error;
    });
}

export async function markSent(userId: string, channelId: string, at: number): Promise<void> {
  await ChannelEntity.patch({ userId, channelId })
    .set({ lastSentAt: at })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Unlinks a channel: revokes the grant at the service (best effort), then removes the channel,
 * its count and its send records. Another person's channel is 404.
 */
export async function unlink(userId: string, channelId: string): Promise<void> {
  const channel = await ownChannel(userId, channelId);
  await remove(channel);
}

async function remove(channel: Channel): Promise<void> {
  const { userId, channelId } = channel;
  const webhook = opened(channel.webhook);
  await serviceOf(channel.kind)?.revoke(opened(channel.token), webhook ?? "");
  const result = await transact([
    ChannelEntity.delete({ userId, channelId }).where((attr, op) => op.exists(attr.createdAt)),
    ChannelRouteEntity.delete({ channelId }),
    ChannelOwnerEntity.update({ userId })
      .add({ count: -1 })
      .where((attr, op) => op.gt(attr.count, 0)),
  ]);
  // Removed by another call meanwhile: it took the count with it.
  if (result.canceled && !result.reasons.includes("ConditionalCheckFailed"))
    throw new Error(`channel ${channelId} could not be removed: ${result.reasons.join(", ")}`);
  const { data: sends } = await ChannelSendEntity.query
    .byChannel({ channelId })
    .go({ pages: "all", attributes: ["sendKey"] });
  await deleteKeys(
    ChannelSendEntity,
    sends.map(({ sendKey }) => ({ channelId, sendKey })),
  );
  const { data: left } = await ChannelEntity.query
    .byWorkspace({ kind: channel.kind, workspaceId: channel.workspaceId })
    .go({ limit: 1, attributes: ["channelId"] });
  await Promise.all([
    reschedule(userId),
    purgeRates(undefined, [channelId]),
    left.length === 0 ? forgetWorkspace(channel.kind, channel.workspaceId) : undefined,
  ]);
}

/** Unlinks every channel of a person (account deletion). Idempotent. */
export async function removeAll(userId: string): Promise<void> {
  for (const channel of await channelsOf(userId)) await remove(channel);
}
