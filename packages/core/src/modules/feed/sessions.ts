import { getTogether } from "../../adapters/dynamo/index.ts";
import { forbidden, RateLimitedError, unauthorized } from "../../lib/errors/index.ts";
import { autoRefreshIntervalMs, DAY_MS, PLAN_LIMITS, postsPerRefresh, type Plan } from "../../lib/plans/index.ts";
import * as Articles from "../articles/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as Sources from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { collect, topicsOf, withRead, type TopicsWithStats } from "./candidates.ts";
import { FeedSessionEntity } from "./feed-session.entity.ts";
import * as Likes from "./likes.ts";
import { sessionOf, type FeedPick, type FeedSession } from "./picks.ts";
import { PICKS_GROUP } from "./rules.ts";
import { isMutedPick, unseenAndUnmuted } from "./mutes-filter.ts";
import { chooseUnseen, eligible, keywordsOf, spelledVia, supertagsOf, viaOf } from "./scoring.ts";
import * as Seen from "./seen.ts";
import { announceStored } from "./share.ts";
import * as Silenced from "./silenced.ts";
import * as FeedState from "./state.ts";
import { view, type Feed, type PicksAtHand } from "./view.ts";

/** How soon a provisional feed (new topics still being matched) should be asked for again. */
const PREPARING_RETRY_MS = 3_000;
/** Sessions are kept this long (the following feed and "seen before" read them). */
const SESSION_TTL_SECONDS = 400 * 24 * 60 * 60;

export const MESSAGES = {
  manualNotInPlan: "Manual refresh is part of the pro and team plans.",
  cooldown: (minutes: number) =>
    `Manual refresh is cooling down. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  outOfRefreshes: (n: number) => `You've used all ${n} feed refreshes for today.`,
} as const;

/**
 * A person's feed. Automatic reads answer the stored session until its refresh time (or until
 * topics, silenced sources or muted words change); a manual refresh (pro and team) recomputes at once,
 * within the plan's cooldown and refreshes per day.
 */
export async function read(userId: string, options: { manual: boolean }, now = Date.now()): Promise<Feed> {
  // The person's items in one batched read, beside the two queries (sessions, silenced sources).
  const [person, today, silenced] = await Promise.all([
    getTogether({
      plan: Users.planRead(userId),
      state: FeedState.stateRead(userId),
      topicsChangedAt: Topics.changedAtRead(userId),
      mutes: Mutes.mutesRead(userId),
    }),
    sessionsSince(userId, now - DAY_MS),
    Silenced.ids(userId),
  ]);
  const { plan, state, topicsChangedAt, mutes } = person;
  if (!plan) throw unauthorized();
  const limits = PLAN_LIMITS[plan];
  const muted = mutes.matcher;
  // Only a session of the last day can still be answered: every plan refreshes at least once a
  // day, so an older one is due (its next refresh came before now) and no older one is read.
  const latest = today.at(-1);
  // Provisional sessions (made while new topics were matched) do not use up a refresh.
  const counted = today.filter((s) => !s.provisional);
  const refreshFreesAt = counted.length >= limits.refreshesPerDay ? counted[0]!.createdAt + DAY_MS : undefined;
  const context = { userId, plan, today, staleSince: state.staleSince, now, silenced, muted };

  if (options.manual) {
    if (!limits.manualRefresh) throw forbidden(MESSAGES.manualNotInPlan, "not_in_plan");
    const cooldownEnds = (state.lastManualRefreshAt ?? 0) + limits.manualRefresh.cooldownSeconds * 1000;
    if (cooldownEnds > now) {
      const wait = Math.ceil((cooldownEnds - now) / 1000);
      throw new RateLimitedError(MESSAGES.cooldown(Math.ceil(wait / 60)), wait, "refresh_cooldown");
    }
    if (refreshFreesAt) {
      throw new RateLimitedError(
        MESSAGES.outOfRefreshes(limits.refreshesPerDay),
        Math.ceil((refreshFreesAt - now) / 1000),
        "out_of_refreshes",
      );
    }
    await FeedState.recordManualRefresh(userId, now);
    const refreshed = await refresh({ ...context, kind: "manual", ...(await topicsOf(userId, now)) });
    return viewStored(refreshed, now);
  }

  // The person's topics and their phrases' dictionary entries, read only when needed (once).
  let phrases: Promise<TopicsWithStats> | undefined;
  const topics = () => (phrases ??= topicsOf(userId, now));
  // Changed topics, silenced sources or muted words (or a cleared refresh) since the latest
  // session make it out of date; so does the end of matching new topics, for a provisional session.
  const stale =
    (state.staleSince !== undefined && (!latest || state.staleSince >= latest.createdAt)) ||
    (latest !== undefined && topicsChangedAt >= latest.createdAt) ||
    (latest !== undefined && mutes.changedAt >= latest.createdAt) ||
    (latest?.provisional === true && !(await (await topics()).stats).backfilling);
  const lastManual = state.lastManualRefreshAt;
  if (latest && latest.nextRefreshAt > now && !stale)
    return view(userId, plan, latest, now, lastManual, silenced, muted);
  if (refreshFreesAt && latest) {
    const kept = { ...latest, nextRefreshAt: refreshFreesAt, provisional: false };
    return view(userId, plan, kept, now, lastManual, silenced, muted);
  }
  const refreshed = await refresh({ ...context, kind: "auto", ...(await topics()) });
  return viewStored(refreshed, lastManual);
}

/** What a refresh needs to know, read once by `read`. */
interface RefreshContext extends TopicsWithStats {
  userId: string;
  plan: Plan;
  /** The person's sessions of the last day, oldest first. */
  today: FeedSession[];
  /** When topics or silenced sources last changed the feed (cleared once this session is stored). */
  staleSince: number | undefined;
  kind: "auto" | "manual";
  now: number;
  silenced: Set<string>;
  /** The person's muted words: their articles are never chosen, nor counted as delivered. */
  muted: Mutes.MuteMatcher;
}

interface Refreshed {
  context: RefreshContext;
  session: FeedSession;
  /** What the view shows of the session's picks, read with their articles (none for carried picks). */
  atHand: PicksAtHand | undefined;
  store: () => Promise<void>;
}

/** The view of a new session, answered while the session is being stored (a failed store still fails the request). */
async function viewStored({ context, session, atHand, store }: Refreshed, lastManualRefreshAt: number | undefined) {
  const { userId, plan, now, silenced, muted } = context;
  const [feed] = await Promise.all([
    view(userId, plan, session, now, lastManualRefreshAt, silenced, muted, atHand),
    store(),
  ]);
  return feed;
}

/** Computes a new session (the feed engine: see scoring.ts) and how to store it. */
async function refresh(context: RefreshContext): Promise<Refreshed> {
  const { userId, plan, today, staleSince, kind, now, topics, stats: statsRead, silenced, muted } = context;
  const limits = PLAN_LIMITS[plan];
  // A provisional session (made while new topics were matched) is replaced by the next one, not
  // added to: its picks are candidates again, even if glimpsed (seen) while it was shown.
  // Picks muted since they were delivered no longer count against the day's posts.
  const delivered = new Set(
    today.filter((s) => !s.provisional).flatMap((s) => s.picks.flatMap((p) => (isMutedPick(muted, p) ? [] : [p.id]))),
  );
  const glimpsed = new Set(today.filter((s) => s.provisional).flatMap((s) => s.picks.map((p) => p.id)));
  const budget = Math.max(0, Math.min(postsPerRefresh(plan), limits.postsPerDay - delivered.size));
  const windowStart = Number.isFinite(limits.coverageMs) ? now - limits.coverageMs : 0;

  // Untrusted sources reach only the people who suggested them.
  const [candidates, unreached, stats] = await Promise.all([
    budget > 0 && topics.length > 0 ? collect(context, windowStart, now, limits.coverageMs) : Promise.resolve([]),
    Sources.untrustedNotSuggestedBy(userId),
    statsRead,
  ]);
  // While new topics are still being matched against recent articles (a backfill), the feed is
  // provisional: kept and shown, but it uses up no refresh and is out of date once matching ends.
  const provisional = kind === "auto" && stats.backfilling;
  const shown = eligible(
    candidates,
    (c) => silenced.has(c.sourceId) || unreached.has(c.sourceId) || delivered.has(c.articleId),
  );
  const supertags = supertagsOf(topics);
  const hidden = unseenAndUnmuted(userId, muted, glimpsed);
  const chosen = await chooseUnseen(shown, supertags, budget, hidden.glimpsed, hidden.excludedAmong);

  // The chosen articles, with what the view shows of them (likes, the subjects), in one request.
  const ids = chosen.map((c) => c.candidate.articleId);
  const read = await getTogether({
    articles: ids.map(Articles.cardRead),
    liked: ids.map((id) => Likes.likedRead(userId, id)),
    subjects: ids.length > 0 ? [Sources.Subjects.bySourceRead()] : [],
  });
  const articles = new Map(read.articles.flatMap((a) => (a ? [[a.articleId, a] as const] : [])));
  const picks = withRead(chosen, articles).map(({ article, candidate, group }): FeedPick => ({
    id: article.articleId,
    title: article.title,
    link: article.link,
    sourceName: article.sourceName,
    sourceId: article.sourceId,
    sourceType: article.sourceType,
    publishedAt: article.publishedAt,
    bestMatchingKeywords: keywordsOf(candidate),
    ...spelledVia(viaOf(candidate), article),
    group,
    ...(article.language ? { language: article.language } : {}),
  }));
  // Nothing new to show (all delivered, seen, or the day's posts used up): keep showing the
  // previous picks not yet seen — or, when every one was seen, all of them — said to be caught
  // up, rather than an empty feed that reads like "add some topics".
  const previous = today.at(-1);
  const caughtUp = picks.length === 0 && topics.length > 0 && previous !== undefined && previous.picks.length > 0;
  let carried = caughtUp ? previous.picks : [];
  if (caughtUp) {
    const seenBefore = await Seen.seenAmong(
      userId,
      carried.map((p) => p.id),
    );
    const unseen = carried.filter((p) => !seenBefore.has(p.id));
    if (unseen.length > 0) carried = unseen;
  }
  const session: FeedSession = {
    userId,
    createdAt: now,
    kind,
    groupOrder: caughtUp ? previous.groupOrder : [PICKS_GROUP, ...supertags.map((t) => t.topic)],
    picks: caughtUp ? carried : picks,
    caughtUp,
    nextRefreshAt: now + (provisional ? PREPARING_RETRY_MS : autoRefreshIntervalMs(plan)),
    provisional,
    expiresAt: Math.floor(now / 1000) + SESSION_TTL_SECONDS,
  };
  // A fresh choice's picks are among the articles just read; carried picks are read by the view.
  const atHand: PicksAtHand | undefined = caughtUp
    ? undefined
    : {
        liked: new Set(ids.filter((_, i) => read.liked[i])),
        coverage: new Map([...articles.values()].map((a) => [a.articleId, Articles.coverageFrom(a)])),
        subjects: read.subjects[0] ?? new Map(),
        unreached,
      };
  const store = async () => {
    await FeedSessionEntity.put(session).go();
    await FeedState.clearStale(userId, staleSince);
    // Friends see it in their following feed (fanned out on write by the share queue's worker).
    await announceStored(session);
  };
  return { context, session, atHand, store };
}

async function sessionsSince(userId: string, since: number): Promise<FeedSession[]> {
  // A range with both ends: `gte` alone would read every item of the person sorting after the
  // sessions (their topics, seen marks, ...) for ElectroDB to filter out.
  const { data } = await FeedSessionEntity.query
    .byUser({ userId })
    .between({ createdAt: since }, { createdAt: Number.MAX_SAFE_INTEGER })
    .go({ pages: "all" });
  return data.sort((a, b) => a.createdAt - b.createdAt).map(sessionOf);
}
