import { ChannelQueue, enqueue, type ChannelJob } from "../../adapters/queues/index.ts";
import { isConditionFailure, nowSeconds, transact } from "../../adapters/dynamo/index.ts";
import { planIncludes } from "../../lib/plans/index.ts";
import * as Digest from "../digest/index.ts";
import * as Users from "../users/index.ts";
import {
  ChannelEntity,
  ChannelOwnerEntity,
  ChannelScheduleEntity,
  ChannelSendEntity,
  type Channel,
} from "./channel.entity.ts";
import { currentPicks } from "./picks.ts";
import { REDELIVER_ATTEMPTS_MAX, type PicksMessage, type PostResult } from "./rules.ts";
import { advance, moveSchedule, nextDeliveryAfter } from "./schedule.ts";
import { serviceOf } from "./service.ts";
import { channelsOf, markBroken, markSent, opened } from "./store.ts";
import { takePostRate } from "./rates.ts";
import { isTeamDigestKey, teamDigestDue, teamDigestKey, teamDigestMessage } from "./team-digest.ts";
import { log } from "../../lib/observability/index.ts";

/** Send records are kept two weeks (the table's TTL), past any retry of their day. */
const SEND_RECORD_SECONDS = 14 * 24 * 60 * 60;
/**
 * How long a claimed send may stay unposted before another try takes it over: well past a post's
 * time-out, so a live worker is never overtaken, and a stopped one delays the day's post by this.
 */
export const SEND_LEASE_MS = 2 * 60 * 1000;

/**
 * Claims a channel's send of a day, in one conditional write: when there is no record, or the
 * record is an unposted claim older than the lease (its worker stopped between claiming and
 * posting). False when it was posted, or another worker holds a fresh claim.
 */
export async function claimSend(key: { channelId: string; sendKey: string }, now: number): Promise<boolean> {
  try {
    await ChannelSendEntity.put({ ...key, sentAt: now, posted: false, expiresAt: nowSeconds() + SEND_RECORD_SECONDS })
      .where(
        (a, op) =>
          `${op.notExists(a.sentAt)} OR (${op.eq(a.posted, false)} AND ${op.lt(a.sentAt, now - SEND_LEASE_MS)})`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Posts a message to a channel through its service, counted toward the rates. A gone webhook
 * marks the channel broken; a wait (the service's 429, or graph's own rate) is answered for the
 * caller to act on.
 */
export async function postTo(channel: Channel, message: PicksMessage | { text: string }): Promise<PostResult> {
  const service = serviceOf(channel.kind);
  const webhook = opened(channel.webhook);
  if (!service || !webhook) {
    await markBroken(channel.userId, channel.channelId);
    return { ok: false, gone: true };
  }
  const rate = await takePostRate(channel.userId, channel.channelId);
  if (!rate.ok) return { ok: false, retryAfterMs: rate.retryAfter * 1000 };
  const result = await service.post(webhook, message);
  if (result.ok) await markSent(channel.userId, channel.channelId, Date.now());
  else if ("gone" in result) await markBroken(channel.userId, channel.channelId);
  return result;
}

export type DeliveryOutcome = "sent" | "already-sent" | "gone" | "delayed" | "skipped";

/**
 * Delivers one send (the person's local day) to one channel, once: the send is claimed before
 * anything is posted (`claimSend`), marked posted after, and the claim removed again when
 * nothing was posted (a wait, or a failure the queue retries), so the retry posts it; a claim
 * whose worker stopped midway is taken over after the lease. A wait requeues this channel's
 * delivery with the delay asked for — never a sleep in the handler.
 */
async function deliverTo(
  channel: Channel,
  sendKey: string,
  message: () => Promise<PicksMessage>,
  job: { now: number; attempt: number },
): Promise<DeliveryOutcome> {
  if (channel.status !== "ok") return "skipped";
  const key = { channelId: channel.channelId, sendKey };
  if (!(await claimSend(key, Date.now()))) return "already-sent";
  const release = () => ChannelSendEntity.delete(key).go();
  let result: PostResult;
  try {
    const picks = await message();
    if (picks.items.length === 0) return "skipped";
    result = await postTo(channel, picks);
  } catch (error) {
    await release();
    throw error;
  }
  if (result.ok) {
    // A failure to mark it leaves an old claim: a retry after the lease posts again (twice rather
    // than never), so the failure is thrown for the queue to retry, not swallowed.
    await ChannelSendEntity.patch(key).set({ posted: true, sentAt: Date.now() }).go();
    return "sent";
  }
  if ("gone" in result) return "gone";
  await release();
  if (job.attempt >= REDELIVER_ATTEMPTS_MAX) {
    log.warn("channels: a delivery given up after waits", { channelId: channel.channelId, sendKey });
    return "skipped";
  }
  await enqueue(
    ChannelQueue,
    [
      {
        kind: "redeliver",
        userId: channel.userId,
        channelId: channel.channelId,
        sendKey,
        now: job.now,
        attempt: job.attempt + 1,
      },
    ],
    { delaySeconds: Math.ceil(result.retryAfterMs / 1000) },
  );
  return "delayed";
}

/** One picks message per job, built when a channel first needs it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * The scheduled delivery of a person's picks to each of their ok channels, at their digest time.
 * Each channel gets the day's picks once (its send record); the person then waits for their next
 * digest time. A person whose plan has no bot keeps their channels, paused; a time that is no
 * longer theirs (changed meanwhile) moves them to their new one without sending.
 */
export async function deliver(
  job: Extract<ChannelJob, { kind: "deliver" }>,
): Promise<Record<string, DeliveryOutcome> | "not-due"> {
  const { userId, slot } = job;
  const [scheduled, owner, user] = await Promise.all([
    ChannelScheduleEntity.get({ slot, userId }).go({ consistent: true }),
    ChannelOwnerEntity.get({ userId }).go({ consistent: true }),
    Users.byId(userId),
  ]);
  const dueAt = scheduled.data?.sendAt;
  if (dueAt === undefined || owner.data?.nextSendAt !== dueAt) return "not-due";
  if (!user) {
    await transact(moveSchedule(userId, dueAt, undefined));
    return "not-due";
  }
  const { minutes, zone } = await Digest.dailyTime(userId);
  const following = await nextDeliveryAfter(userId, dueAt);
  if (Digest.nextSendAfter(dueAt - 1, minutes, zone) !== dueAt) {
    // The digest time changed since this was scheduled: on to the new one.
    await advance(userId, dueAt, await nextDeliveryAfter(userId, Date.now()));
    return "not-due";
  }
  const outcomes: Record<string, DeliveryOutcome> = {};
  if (planIncludes(user.plan, "bot")) {
    const date = Digest.localDateOf(dueAt, zone);
    const sendKey = Digest.localDayKey(date);
    const message = once(() => currentPicks(userId, { zone, at: dueAt }));
    const teamDigests = planIncludes(user.plan, "teamBot");
    for (const channel of await channelsOf(userId)) {
      outcomes[channel.channelId] = await deliverTo(channel, sendKey, message, { now: job.now, attempt: 0 });
      // The team digest (org), on its weekday: a send of its own, once a week.
      if (teamDigests && teamDigestDue(channel, date))
        outcomes[`${channel.channelId}:team`] = await deliverTo(
          channel,
          teamDigestKey(date),
          () => teamDigestMessage(channel, dueAt),
          { now: job.now, attempt: 0 },
        );
    }
  }
  await advance(userId, dueAt, following);
  return outcomes;
}

/** One channel's delivery again, after the service (or graph's rate) asked it to wait. */
export async function redeliver(job: Extract<ChannelJob, { kind: "redeliver" }>): Promise<DeliveryOutcome> {
  const { data: channel } = await ChannelEntity.get({ userId: job.userId, channelId: job.channelId }).go({
    consistent: true,
  });
  const user = await Users.byId(job.userId);
  if (!channel || !user || !planIncludes(user.plan, "bot")) return "skipped";
  const { zone } = await Digest.dailyTime(job.userId);
  if (isTeamDigestKey(job.sendKey)) {
    if (!planIncludes(user.plan, "teamBot")) return "skipped";
    return deliverTo(channel, job.sendKey, () => teamDigestMessage(channel, job.now), job);
  }
  return deliverTo(
    channel,
    job.sendKey,
    once(() => currentPicks(job.userId, { zone })),
    job,
  );
}
