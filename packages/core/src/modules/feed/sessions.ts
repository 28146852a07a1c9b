import { createHash } from "node:crypto";
import { getTogether } from "../../adapters/dynamo/index.ts";
import { forbidden, RateLimitedError, unauthorized, UnavailableError } from "../../lib/errors/index.ts";
import { count } from "../../lib/observability/index.ts";
import { autoRefreshIntervalMs, DAY_MS, PLAN_LIMITS, postsPerRefresh } from "../../lib/plans/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { topicsOf, type TopicsWithStats } from "./candidates.ts";
import { choosePicks, groupOrderOf, reranked, type ChoiceContext } from "./choose.ts";
import { isFilteredPick } from "./filters.ts";
import type { FeedSession } from "./picks.ts";
import * as Seen from "./seen.ts";
import { sessionsSince, storeFill, storeNew } from "./session-store.ts";
import { announceStored } from "./share.ts";
import * as Silenced from "./silenced.ts";
import * as FeedState from "./state.ts";
import { view, type Feed } from "./view.ts";

/** How soon a provisional feed (new topics still being matched) should be asked for again. */
const PREPARING_RETRY_MS = 3_000;
/**
 * A session short of its share is filled from what has arrived since at most this often (the
 * ingest schedule's interval: nothing new can have matched sooner).
 */
export const FILL_INTERVAL_MS = 5 * 60_000;
/** Earlier sessions are answered from at most this far back (within the plan's coverage). */
export const EARLIER_WINDOW_MS = 3 * DAY_MS;
/** Sessions are kept this long (the following feed and "seen before" read them). */
const SESSION_TTL_SECONDS = 400 * 24 * 60 * 60;
/** A read that lost a race to store a session reads the winner's; it gives up after this many tries. */
const ATTEMPTS = 4;

export const MESSAGES = {
  manualNotInPlan: "Manual refresh is part of the pro and team plans.",
  cooldown: (minutes: number) =>
    `Manual refresh is cooling down. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  outOfRefreshes: (n: number) => `You've used all ${n} feed refreshes for today.`,
} as const;

/** A feed read's answer: the feed, or nothing when the client's copy (`ifNoneMatch`) is current. */
export interface FeedAnswer {
  /** The feed's version: the `ETag`. */
  version: string;
  feed: Feed | undefined;
}

/** A person's feed (see `readIfChanged`). */
export async function read(userId: string, options: { manual: boolean }, now = Date.now()): Promise<Feed> {
  const { feed } = await readIfChanged(userId, options, undefined, now);
  return feed!;
}

/**
 * A person's feed, by the refresh policy. A refresh — a new session — is started only by the
 * schedule (the latest session's next refresh time has come, and the plan's refreshes a day are
 * not used up) or, on pro and team, by the manual button (within its cooldown). Everything else —
 * reloads, the onboarding's follow-up calls, and edits of topics, supertags, silenced sources and
 * filters — re-ranks and fills the current session from what has arrived since, up to its
 * share of the plan's posts a day, and never counts as a refresh nor moves the next one. Answers
 * no feed (a 304) when nothing changed since the version the client holds.
 */
export async function readIfChanged(
  userId: string,
  options: { manual: boolean },
  ifNoneMatch: string | undefined,
  now = Date.now(),
): Promise<FeedAnswer> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const answer = await attemptRead(userId, options, ifNoneMatch, now, attempt > 1);
    if (answer) return answer;
  }
  throw new UnavailableError();
}

/** One pass of the policy; undefined when another request stored a session first (read again). */
async function attemptRead(
  userId: string,
  options: { manual: boolean },
  ifNoneMatch: string | undefined,
  now: number,
  afterRace: boolean,
): Promise<FeedAnswer | undefined> {
  // The person's items in one batched read, beside the two queries (sessions, silenced sources).
  const [person, silenced] = await Promise.all([
    getTogether({
      plan: Users.planRead(userId),
      state: FeedState.stateRead(userId),
      topicsChangedAt: Topics.changedAtRead(userId),
      filtersKept: Mutes.filtersRead(userId),
    }),
    Silenced.ids(userId),
  ]);
  const { plan, state, topicsChangedAt, filtersKept } = person;
  if (!plan) throw unauthorized();
  // What the plan applies of them (a read of source facts only for countries or subjects left out).
  const filters = await Mutes.applying(filtersKept, plan);
  const limits = PLAN_LIMITS[plan];
  const since = now - Math.min(limits.coverageMs, EARLIER_WINDOW_MS);
  const sessions = await sessionsSince(userId, Math.min(since, now - DAY_MS), afterRace);
  const latest = sessions.at(-1);
  // Sessions of the last 24 hours are the day's refreshes. (Before fills, a provisional session
  // was replaced by the next one: such a one, not the latest, is not counted.)
  const today = sessions.filter((s) => s.createdAt > now - DAY_MS && (!s.provisional || s === latest));
  const refreshFreesAt = today.length >= limits.refreshesPerDay ? today[0]!.createdAt + DAY_MS : undefined;
  const earlier = sessions.filter((s) => s !== latest && s.createdAt >= since).reverse();
  const context = { userId, plan, now, silenced, filters };
  const lastManual = state.lastManualRefreshAt;
  const base = { context, filtersChangedAt: filters.changedAt, compactCards: state.compactCards === true };

  // The person's topics and their phrases' dictionary entries, read only when needed (once).
  let phrases: Promise<TopicsWithStats> | undefined;
  const topics = () => (phrases ??= topicsOf(userId, now));

  if (options.manual) {
    if (!limits.manualRefresh) throw forbidden(MESSAGES.manualNotInPlan, "not_in_plan");
    const cooldownEnds = (lastManual ?? 0) + limits.manualRefresh.cooldownSeconds * 1000;
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
  }
  const due = !latest || latest.nextRefreshAt <= now;
  if (options.manual || (due && !refreshFreesAt)) {
    const started = await startSession({ ...context, ...(await topics()) }, options.manual, today, state.sessionAt);
    if (!started) return undefined;
    const { session, atHand } = started;
    const shown: Shown = {
      ...base,
      session,
      earlier: latest ? [latest, ...earlier] : earlier,
      refreshes: today.length + 1,
      lastManual: options.manual ? now : lastManual,
    };
    const [feed] = await Promise.all([answer(shown, atHand), FeedState.clearStale(userId, state.staleSince)]);
    await announceStored(session);
    return { version: feed.version, feed };
  }

  // Changed topics, silenced sources or filters (or the onboarding's follow-up call) since
  // the latest fill make it out of date; so does the end of matching new topics, for a
  // provisional session; and a session short of its share looks again for what has arrived.
  if (!latest) return undefined; // (a person with no session is always due)
  const filledAt = latest.filledAt ?? latest.createdAt;
  const short =
    deliveredIn([latest], filters).size < postsPerRefresh(plan) &&
    deliveredIn(today, filters).size < limits.postsPerDay;
  const stale =
    (state.staleSince !== undefined && state.staleSince >= filledAt) ||
    topicsChangedAt >= filledAt ||
    filters.changedAt >= filledAt ||
    latest.provisional === true ||
    (short && now - filledAt >= FILL_INTERVAL_MS);
  let current = latest;
  if (stale) {
    const filled = await fill({ ...context, ...(await topics()) }, latest, today);
    if (!filled) return undefined;
    current = filled;
    await FeedState.clearStale(userId, state.staleSince);
    // A session made while new topics were matched is shared once it is ready (as the session
    // that replaced a provisional one was before fills), never again for later fills.
    if (latest.provisional && !filled.provisional) await announceStored(filled);
  }
  const shown: Shown = { ...base, session: current, earlier, refreshes: today.length, refreshFreesAt, lastManual };
  const version = versionOf(shown);
  if (!stale && ifNoneMatch !== undefined && sameVersion(ifNoneMatch, version)) return { version, feed: undefined };
  const feed = await answer(shown);
  return { version: feed.version, feed };
}

interface Shown {
  context: Pick<ChoiceContext, "userId" | "plan" | "now" | "silenced" | "filters">;
  filtersChangedAt: number;
  /** The person's choice of a denser list without pictures. */
  compactCards: boolean;
  session: FeedSession;
  earlier: FeedSession[];
  refreshes: number;
  refreshFreesAt?: number | undefined;
  lastManual?: number | undefined;
}

/** The next refresh time the person is told: the schedule's (or when a refresh frees up), sooner while preparing. */
function nextRefreshOf({ context, session, refreshFreesAt }: Shown): number {
  const scheduled =
    refreshFreesAt !== undefined && session.nextRefreshAt <= context.now ? refreshFreesAt : session.nextRefreshAt;
  return session.provisional ? Math.min(scheduled, context.now + PREPARING_RETRY_MS) : scheduled;
}

/**
 * The version of what a feed answer would say, from what the read already holds (no further
 * reads): the sessions shown and their fills, the silenced sources, the filters, the last
 * manual refresh and the next refresh time. Likes and seen marks are not in it: the page that
 * made them shows them already, and another device sees them with the next change.
 */
function versionOf(shown: Shown): string {
  const { context, session, earlier, refreshes, lastManual, filtersChangedAt, compactCards } = shown;
  const basis = JSON.stringify([
    context.plan,
    session.createdAt,
    session.version ?? 0,
    session.filledAt ?? 0,
    earlier.map((s) => [s.createdAt, s.version ?? 0]),
    refreshes,
    [...context.silenced].sort(),
    filtersChangedAt,
    lastManual ?? 0,
    nextRefreshOf(shown),
    compactCards,
  ]);
  return createHash("sha256").update(basis).digest("base64url").slice(0, 22);
}

/** Whether an `If-None-Match` names this version (a list, weak or strong, or `*`). */
function sameVersion(ifNoneMatch: string, version: string): boolean {
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, "").replace(/^"|"$/g, ""))
    .some((tag) => tag === version || tag === "*");
}

async function answer(shown: Shown, atHand?: Parameters<typeof view>[0]["atHand"]): Promise<Feed> {
  const { context, session, earlier, refreshes, lastManual, compactCards } = shown;
  return view({
    ...context,
    compactCards,
    session,
    earlier,
    nextRefreshAt: nextRefreshOf(shown),
    refreshesUsed: refreshes,
    version: versionOf(shown),
    lastManualRefreshAt: lastManual,
    atHand,
  });
}

/** Articles delivered in the day's sessions, less those filtered since (they no longer count against the posts a day). */
function deliveredIn(sessions: FeedSession[], filters: ChoiceContext["filters"]): Set<string> {
  return new Set(sessions.flatMap((s) => s.picks.flatMap((p) => (isFilteredPick(filters, p) ? [] : [p.id]))));
}

/**
 * Starts a session (a refresh): up to the session's share of the plan's posts a day, none of
 * the day's earlier picks. Stored on condition no other refresh started one meanwhile
 * (undefined then: the caller reads that one).
 */
async function startSession(
  context: ChoiceContext,
  manual: boolean,
  today: FeedSession[],
  sessionAt: number | undefined,
): Promise<{ session: FeedSession; atHand: Parameters<typeof view>[0]["atHand"] } | undefined> {
  const { userId, plan, now, topics, filters } = context;
  const limits = PLAN_LIMITS[plan];
  const delivered = deliveredIn(today, filters);
  const budget = Math.max(0, Math.min(postsPerRefresh(plan), limits.postsPerDay - delivered.size));
  const choice = await choosePicks(context, budget, delivered);
  // Nothing new to show (all delivered, seen, or the day's posts used up): keep showing the
  // previous picks not yet seen — or, when every one was seen, all of them — said to be caught
  // up, rather than an empty feed that reads like "add some topics".
  const previous = today.at(-1);
  const caughtUp =
    choice.picks.length === 0 && topics.length > 0 && previous !== undefined && previous.picks.length > 0;
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
    kind: manual ? "manual" : "auto",
    groupOrder: caughtUp ? previous.groupOrder : groupOrderOf(topics),
    picks: caughtUp ? carried : choice.picks,
    caughtUp,
    nextRefreshAt: now + autoRefreshIntervalMs(plan),
    // While new topics are still being matched (a backfill), the session is provisional: shown,
    // asked for again soon, and filled as the matches arrive.
    provisional: choice.backfilling,
    filledAt: now,
    version: 1,
    expiresAt: Math.floor(now / 1000) + SESSION_TTL_SECONDS,
  };
  if (!(await storeNew(session, sessionAt))) return undefined;
  count("FeedRefreshes");
  count("FeedPicks", session.picks.length);
  // A fresh choice's picks are among the articles just read; carried picks are read by the view.
  return { session, atHand: caughtUp ? undefined : choice.atHand };
}

/**
 * Re-ranks the current session for the person's topics as they are now and fills it from what
 * has arrived since, up to its share of the plan's posts a day (nothing it holds is dropped).
 * Its start and next refresh time stay. Undefined when another fill was stored first.
 */
async function fill(
  context: ChoiceContext,
  session: FeedSession,
  today: FeedSession[],
): Promise<FeedSession | undefined> {
  const { plan, now, topics, filters } = context;
  const limits = PLAN_LIMITS[plan];
  const delivered = deliveredIn(today, filters);
  const own = deliveredIn([session], filters);
  const budget = Math.max(0, Math.min(postsPerRefresh(plan) - own.size, limits.postsPerDay - delivered.size));
  const choice = await choosePicks(context, budget, delivered);
  const filled: FeedSession = {
    ...session,
    groupOrder: groupOrderOf(topics),
    picks: reranked(session.picks, choice.picks, topics),
    caughtUp: (session.caughtUp ?? false) && choice.picks.length === 0,
    provisional: choice.backfilling,
    filledAt: now,
    version: (session.version ?? 0) + 1,
  };
  if (!(await storeFill(filled, session.version))) return undefined;
  count("FeedPicks", filled.picks.length - session.picks.length);
  return filled;
}
