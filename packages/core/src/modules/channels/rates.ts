import * as RateLimit from "../rate-limit/index.ts";
import { CHANNEL_POSTS_PER_HOUR, PERSON_POSTS_PER_HOUR, ROUTED_POSTS_PER_HOUR } from "./rules.ts";

const channelLimit = (channelId: string) => ({
  bucket: `channel-posts:${channelId}`,
  max: CHANNEL_POSTS_PER_HOUR,
  windowSeconds: 3600,
});
/** The routed articles' own cap, under the channel's: each routed post also counts toward the channel's rate. */
export const routedLimit = (channelId: string) => ({
  bucket: `channel-routed:${channelId}`,
  max: ROUTED_POSTS_PER_HOUR,
  windowSeconds: 3600,
});
const personLimit = (userId: string) => ({
  bucket: `channel-posts-person:${userId}`,
  max: PERSON_POSTS_PER_HOUR,
  windowSeconds: 3600,
});

/**
 * Counts one outgoing message toward the channel's and the person's hourly rate (each one
 * conditional write): answers how long to wait when either is spent, giving back what was taken.
 */
export async function takePostRate(
  userId: string,
  channelId: string,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const [channel, person] = await Promise.all([
    RateLimit.takeFixedWindow(channelLimit(channelId)),
    RateLimit.takeFixedWindow(personLimit(userId)),
  ]);
  if (channel.allowed && person.allowed) return { ok: true };
  await Promise.all([
    channel.allowed ? RateLimit.giveBackFixedWindow(channelLimit(channelId), channel.windowStart) : undefined,
    person.allowed ? RateLimit.giveBackFixedWindow(personLimit(userId), person.windowStart) : undefined,
  ]);
  return {
    ok: false,
    retryAfter: Math.max(channel.allowed ? 0 : channel.retryAfter, person.allowed ? 0 : person.retryAfter),
  };
}

/** Forgets the rate windows of a channel (unlinked) and of a person (deleted). */
export const purgeRates = (userId: string | undefined, channelIds: string[]) =>
  Promise.all([
    ...(userId ? [RateLimit.purge(personLimit(userId).bucket)] : []),
    ...channelIds.flatMap((id) => [RateLimit.purge(channelLimit(id).bucket), RateLimit.purge(routedLimit(id).bucket)]),
  ]);
