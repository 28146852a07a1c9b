import { Resource } from "sst";
import { ChannelQueue, enqueue, type ChannelJob } from "../../adapters/queues/index.ts";
import { getMany, isConditionFailure, nowSeconds, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { log } from "../../lib/observability/index.ts";
import { planIncludes, requireFeature, type Plan } from "../../lib/plans/index.ts";
import * as Articles from "../articles/index.ts";
import * as Feed from "../feed/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Sources from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { ChannelEntity, ChannelRouteEntity, ChannelSendEntity, type Channel } from "./channel.entity.ts";
import { claimSend, postTo } from "./deliver.ts";
import {
  CHANNEL_MESSAGES,
  PICKS_PER_MESSAGE,
  REDELIVER_ATTEMPTS_MAX,
  ROUTED_TOPICS_MAX,
  type PicksMessage,
} from "./rules.ts";
import { routedLimit } from "./rates.ts";
import { ownChannel } from "./store.ts";

/**
 * Per-topic channels (the advanced bot, org): a channel gets the new articles of the topics its
 * owner routed to it as they arrive. After each ingest run that stored something, every routed
 * channel gets a `route` job; the job posts what was ingested since the channel's cursor and
 * matches a routed topic, once.
 */

const siteUrl = () => Resource.Config.siteUrl.replace(/\/$/, "");

/**
 * How far before the cursor a run looks again: an ingest that began before the last run (its
 * articles carry its start time) may have stored its matches after that run read. The articles
 * routed already are known by their records, so looking twice posts nothing twice.
 */
const OVERLAP_MS = 15 * 60 * 1000;
/** A new article published longer ago than this before the cursor is old news, not routed. */
const PUBLISHED_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;
/** Postings read per routed topic in a run (beyond it, a busy topic's oldest new articles are left out). */
const PER_TOPIC = 50;
/** A routed article's record outlives the overlap and any retry by far. */
const ROUTED_RECORD_SECONDS = 3 * 24 * 60 * 60;
/** The claim that makes one run at a time work on a channel (taken over after the send lease). */
const ROUTE_LOCK = "route";
const routedKey = (articleId: string) => `article:${articleId}`;

/**
 * Routes some of the owner's topics to one of their channels (org; a pro person is refused with
 * `plan_required`): at most ROUTED_TOPICS_MAX, only topics they follow, replacing what was routed
 * there. One transaction writes the channel's topics (on condition it exists) and its entry in
 * the routed channels' list; the first routing starts the cursor now, so no backlog is posted.
 */
export async function setTopics(
  userId: string,
  plan: Plan,
  channelId: string,
  topicIds: string[],
): Promise<{ topics: Array<{ id: string; topic: string }> }> {
  requireFeature(plan, "teamBot");
  const wanted = [...new Set(topicIds)];
  if (wanted.length > ROUTED_TOPICS_MAX) throw badRequest(CHANNEL_MESSAGES.tooManyTopics, "limit_reached");
  const [channel, followed] = await Promise.all([ownChannel(userId, channelId), Topics.listRaw(userId)]);
  const names = new Map(followed.map((t) => [t.topicId, t.topic]));
  if (wanted.some((id) => !names.has(id))) throw badRequest(CHANNEL_MESSAGES.notYourTopic, "invalid_input");
  const result = await transact([
    ChannelEntity.patch({ userId, channelId })
      .set({ topics: wanted, routedUntil: channel.routedUntil ?? Date.now() })
      .where((attr, op) => op.exists(attr.createdAt)),
    wanted.length > 0 ? ChannelRouteEntity.put({ channelId, userId }) : ChannelRouteEntity.delete({ channelId }),
  ]);
  if (result.canceled) {
    // Unlinked meanwhile: as unknown as a channel that never was.
    if (result.reasons[0] === "ConditionalCheckFailed") throw notFound(CHANNEL_MESSAGES.noSuchChannel);
    throw new Error(`the topics of channel ${channelId} could not be saved: ${result.reasons.join(", ")}`);
  }
  return { topics: wanted.map((id) => ({ id, topic: names.get(id)! })) };
}

/**
 * Queues a routing run for every channel with routed topics (the org's per-topic channels): the
 * channel queue's `routes` job, which an ingest run that stored articles queues.
 */
export async function queueRoutes(now = Date.now()): Promise<{ routed: number }> {
  const { data } = await ChannelRouteEntity.query.byChannel({}).go({ pages: "all" });
  await enqueue(
    ChannelQueue,
    data.map(({ userId, channelId }) => ({ kind: "route" as const, userId, channelId, now, attempt: 0 })),
  );
  return { routed: data.length };
}

interface Routed {
  articleId: string;
  title: string;
  link: string;
  source: string;
  why: string;
  at: number;
}

/**
 * The articles to post to a channel: ingested after its cursor (less the overlap), published
 * recently, matching one of its routed topics that the owner still follows, not a copy, not
 * routed there before, and shown to the owner by their filters, mutes, silenced and trusted
 * sources as their feed would. Newest first.
 */
async function fresh(channel: Channel, cursor: number): Promise<{ articles: Routed[]; topics: string[] }> {
  const followed = (await Topics.listRaw(channel.userId)).filter((t) => channel.topics?.includes(t.topicId));
  if (followed.length === 0) return { articles: [], topics: [] };
  const topicOf = new Map(followed.map((t) => [t.phrase, t.topic]));
  const postings = await Articles.postingsFor([...topicOf.keys()], cursor - PUBLISHED_LOOKBACK_MS, PER_TOPIC);
  const firstMatch = new Map<string, Articles.Posting>();
  for (const list of postings.values())
    for (const p of list) if (!firstMatch.has(p.articleId)) firstMatch.set(p.articleId, p);
  if (firstMatch.size === 0) return { articles: [], topics: [] };
  const [articles, routedBefore, unreached, silenced, user] = await Promise.all([
    Articles.byIds([...firstMatch.keys()]),
    getMany<{ sendKey: string }>(
      ChannelSendEntity,
      [...firstMatch.keys()].map((id) => ({ channelId: channel.channelId, sendKey: routedKey(id) })),
      ["sendKey"],
      { consistent: true },
    ),
    Sources.untrustedNotSuggestedBy(channel.userId),
    Feed.Silenced.ids(channel.userId),
    Users.byId(channel.userId),
  ]);
  const filters = await Mutes.read(channel.userId, user?.plan);
  const seen = new Set(routedBefore.map((r) => r.sendKey));
  const candidates = [...articles.values()].filter(
    (a) =>
      a.ingestedAt > cursor - OVERLAP_MS &&
      !a.duplicateOf &&
      !seen.has(routedKey(a.articleId)) &&
      !unreached.has(a.sourceId) &&
      !silenced.has(a.sourceId),
  );
  const hidden = Mutes.hiddenAmong(
    filters,
    candidates.map((a) => ({ ...a, topics: [topicOf.get(firstMatch.get(a.articleId)!.phrase)!] })),
  );
  const shown = candidates
    .filter((a) => !hidden.has(a.articleId))
    .map((a): Routed => {
      const posting = firstMatch.get(a.articleId)!;
      const topic = topicOf.get(posting.phrase)!;
      return {
        articleId: a.articleId,
        title: a.title,
        link: a.link,
        source: a.sourceName,
        why: posting.via
          ? `routed topic "${topic}": related terms ${posting.via.slice(0, 3).join(", ")}`
          : `routed topic "${topic}"${posting.inTitle ? ": in the title" : ""}`,
        at: a.publishedAt,
      };
    })
    .sort((a, b) => b.at - a.at || a.articleId.localeCompare(b.articleId));
  return { articles: shown, topics: followed.map((t) => t.topic) };
}

export type RouteOutcome = "sent" | "nothing" | "busy" | "gone" | "held" | "delayed" | "skipped";

/** A wait the service asked for (its 429) is short: the run is queued again after it. */
const REQUEUE_WAIT_MAX_MS = 60_000;

/**
 * After a refused post: a short wait (the service's 429) queues the run again after it; a long one
 * (graph's own hourly rates) is left to the next routing run, nothing being marked meanwhile.
 */
async function retryAfterWait(
  job: Extract<ChannelJob, { kind: "route" }>,
  retryAfterMs: number,
): Promise<RouteOutcome> {
  if (retryAfterMs > REQUEUE_WAIT_MAX_MS) return "held";
  if (job.attempt >= REDELIVER_ATTEMPTS_MAX) {
    log.warn("channel routing given up after waits", { channelId: job.channelId });
    return "held";
  }
  await enqueue(ChannelQueue, [{ ...job, now: Date.now(), attempt: job.attempt + 1 }], {
    delaySeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
  return "delayed";
}

/** Marks articles routed to a channel (a retried run finds them and posts them not again). */
async function markRouted(channelId: string, articleIds: string[], at: number): Promise<void> {
  const expiresAt = nowSeconds() + ROUTED_RECORD_SECONDS;
  for (let i = 0; i < articleIds.length; i += 25) {
    const result = await transact(
      articleIds
        .slice(i, i + 25)
        .map((id) => ChannelSendEntity.put({ channelId, sendKey: routedKey(id), sentAt: at, posted: true, expiresAt })),
    );
    if (result.canceled) throw new Error(`routed articles of ${channelId} not recorded: ${result.reasons.join(", ")}`);
  }
}

/** Moves the cursor forward (never back: a slower run's older moment leaves it). */
async function advanceCursor(channel: Channel, until: number): Promise<void> {
  await ChannelEntity.patch({ userId: channel.userId, channelId: channel.channelId })
    .set({ routedUntil: until })
    .where((attr, op) => `${op.notExists(attr.routedUntil)} OR ${op.lt(attr.routedUntil, until)}`)
    .go()
    .catch((error: unknown) => {
      // Unlinked meanwhile, or a later run moved it further already.
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * One channel's routing run: one run at a time (a claim, taken over after the send lease if its
 * worker stopped); the new articles go out as one message within the channel's hourly cap of
 * routed posts (the articles beyond what a message carries named as "+N more", and marked routed
 * with the rest); past the cap nothing is marked and they go out together with the next run's post,
 * never lost silently; a service's short wait queues the run again after it. A gone webhook marks
 * the channel broken, as the digest's post does.
 */
export async function route(job: Extract<ChannelJob, { kind: "route" }>): Promise<RouteOutcome> {
  const { data: listed } = await ChannelEntity.get({ userId: job.userId, channelId: job.channelId }).go({
    consistent: true,
  });
  if (!listed || listed.status !== "ok" || (listed.topics ?? []).length === 0) return "skipped";
  const user = await Users.byId(job.userId);
  if (!user || !planIncludes(user.plan, "teamBot")) return "skipped";
  const lock = { channelId: job.channelId, sendKey: ROUTE_LOCK };
  const now = Date.now();
  if (!(await claimSend(lock, now))) return "busy";
  const release = () => ChannelSendEntity.delete(lock).go();
  try {
    // Read again under the claim: the run before may have moved the cursor.
    const { data: channel } = await ChannelEntity.get({ userId: job.userId, channelId: job.channelId }).go({
      consistent: true,
    });
    if (!channel || channel.status !== "ok") return await release().then(() => "skipped" as const);
    const cursor = channel.routedUntil ?? now;
    const { articles, topics } = await fresh(channel, cursor);
    if (articles.length === 0) {
      await advanceCursor(channel, now);
      await release();
      return "nothing";
    }
    // Past the hour's cap nothing is marked and the cursor stays: the next routing run after the
    // window turns (routing runs after every ingest run that stores articles) posts them together.
    const window = await RateLimit.takeFixedWindow(routedLimit(channel.channelId));
    if (!window.allowed) return await release().then(() => "held" as const);
    const shown = articles.slice(0, PICKS_PER_MESSAGE);
    const more = articles.length - shown.length;
    const message: PicksMessage = {
      header: CHANNEL_MESSAGES.routedHeader(topics),
      items: shown.map(({ title, link, source, why }) => ({ title, link, source, why })),
      ...(more > 0 ? { footer: CHANNEL_MESSAGES.routedMore(more, siteUrl()) } : {}),
    };
    const result = await postTo(channel, message);
    if (result.ok) {
      await markRouted(
        channel.channelId,
        articles.map((a) => a.articleId),
        Date.now(),
      );
      await advanceCursor(channel, now);
      await release();
      return "sent";
    }
    await Promise.all([RateLimit.giveBackFixedWindow(routedLimit(channel.channelId), window.windowStart), release()]);
    if ("gone" in result) return "gone";
    return await retryAfterWait(job, result.retryAfterMs);
  } catch (error) {
    await release();
    throw error;
  }
}
