/**
 * The Slack and Discord bot: connected channels (added through each service's consent page,
 * their webhooks and tokens sealed, capped by the plan), the person's picks posted to them at
 * their digest time once a day, and the slash commands answered for whoever linked the
 * workspace. Each service's own part is a `ChannelService` (adapters/slack, adapters/discord).
 */
import type { ChannelJob } from "../../adapters/queues/index.ts";
import { conflict, RateLimitedError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import { answerCommand } from "./commands.ts";
import { deliver, postTo, redeliver } from "./deliver.ts";
import { queueRoutes, route } from "./routing.ts";
import { CHANNEL_MESSAGES, type ChannelKind } from "./rules.ts";
import { serviceOf } from "./service.ts";
import { ownChannel } from "./store.ts";
import { log } from "../../lib/observability/index.ts";

export { startConnect, finishConnect, cancelConnect, addChannel, type ConnectOutcome } from "./connect.ts";
export { list, unlink } from "./store.ts";
export { answerCommand, firstUse, isLinked, isQuickCommand, type CommandInput } from "./commands.ts";
export { queueDue, reschedule } from "./schedule.ts";
export { deliver, redeliver, SEND_LEASE_MS } from "./deliver.ts";
export { setTopics, queueRoutes, route } from "./routing.ts";
export { setTeamDigest } from "./team-digest.ts";
export { configuredKinds } from "./service.ts";
export { personData } from "./person-data.ts";
export { purgeAccount } from "./purge.ts";
export * from "./rules.ts";

/**
 * Posts a short message to one of the person's channels, so they see it works: a broken channel
 * answers 409 with what to do, a spent rate (graph's or the service's) 429 with the wait.
 */
export async function sendTest(userId: string, channelId: string): Promise<{ sent: true }> {
  const channel = await ownChannel(userId, channelId);
  if (channel.status === "broken") throw conflict(CHANNEL_MESSAGES.broken, "channel_broken");
  const result = await postTo(channel, { text: CHANNEL_MESSAGES.testMessage });
  if (result.ok) return { sent: true };
  if ("gone" in result) throw conflict(CHANNEL_MESSAGES.broken, "channel_broken");
  const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  throw new RateLimitedError(CHANNEL_MESSAGES.tooManyPosts(RateLimit.minutesText(seconds)), seconds);
}

/** What the worker passes from its configuration: whether a share may fetch a private address (a local runtime's). */
interface JobOptions {
  allowPrivateFeeds: boolean;
}

/**
 * A command's answer that needed graph's data, posted where the service said to answer
 * (Slack's `response_url`, Discord's deferred interaction response). A gone or waiting address
 * drops it: the person can ask again.
 */
async function reply(job: Extract<ChannelJob, { kind: "reply" }>, options: JobOptions): Promise<void> {
  const service = serviceOf(job.service);
  if (!service) return;
  const answer = await answerCommand(
    {
      kind: job.service,
      workspaceId: job.workspaceId,
      ...(job.channelId ? { channelId: job.channelId } : {}),
      ...(job.userName ? { userName: job.userName } : {}),
      text: job.text,
    },
    options,
  );
  const result = await service.answer(job.responseUrl, answer);
  if (!result.ok) log.warn("channels: a command's answer could not be posted", { kind: job.service, result });
}

/**
 * The channel queue's worker: a delivery, a delivery again after a wait, a channel's routing run,
 * or a command's late answer.
 */
export async function handleJob(job: ChannelJob, options: JobOptions): Promise<unknown> {
  switch (job.kind) {
    case "deliver":
      return deliver(job);
    case "redeliver":
      return redeliver(job);
    case "routes":
      return queueRoutes(job.now);
    case "route":
      return route(job);
    case "reply":
      return reply(job, options);
  }
}

export type { ChannelKind };
