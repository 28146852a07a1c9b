import * as Articles from "../articles/index.ts";
import { forbidden, RateLimitedError, unauthorized } from "../errors.ts";
import * as Follows from "../follows/index.ts";
import { autoRefreshIntervalMs, DAY_MS, PLAN_LIMITS, postsPerRefresh, type Plan } from "../plans/index.ts";
import * as Sources from "../sources/index.ts";
import type { SourceType } from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import type { Topic } from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { FeedSessionEntity, type FeedSession } from "./feed-session.entity.ts";
import * as Likes from "./likes.ts";
import { PICKS_GROUP, postingsPerTopic } from "./rules.ts";
import * as Seen from "./seen.ts";
import * as Silenced from "./silenced.ts";
import * as FeedState from "./state.ts";

export * as Likes from "./likes.ts";
export * as Seen from "./seen.ts";
export * as Silenced from "./silenced.ts";
export * as FeedState from "./state.ts";
export { purgeAccount } from "./purge.ts";

export const PICKS = PICKS_GROUP;
/** Candidates checked against the person's seen marks at most, best first. */
const SEEN_CHECK_LIMIT = 600;
/** Each round of the seen check reads this many candidates per article still wanted. */
const SEEN_ROUND_FACTOR = 3;
/** Each further pick from a source already picked counts for this much less. */
const SOURCE_REPEAT_PENALTY = 0.6;
const MAX_PER_SUPERTAG = 5;
const MAX_KEYWORDS = 5;

export interface FeedArticle {
  id: string;
  title: string;
  link: string;
  source_name: string;
  source_id: string;
  type: "twitter" | "youtube" | "bluesky" | "other";
  bestMatchingKeywords: string[];
  isAddedToGraph: boolean;
  publishedAt: string;
}

export interface Feed {
  groups: Record<string, FeedArticle[]>;
  nextRefreshTime: string;
  nextManualRefreshTime: string | null;
  refreshedAt: string | null;
  plan: Plan;
  /** New topics are still being matched against recent articles: this feed is provisional, ask again soon. */
  preparing: boolean;
  /** The refresh found nothing new (all delivered, seen or over the day's posts): these are the previous picks. */
  caughtUp: boolean;
}

/** How soon a provisional feed (new topics still being matched) should be asked for again. */
const PREPARING_RETRY_MS = 3_000;

export const MESSAGES = {
  manualNotInPlan: "Manual refresh is part of the pro and team plans.",
  cooldown: (minutes: number) =>
    `Manual refresh is cooling down. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  outOfRefreshes: (n: number) => `You've used all ${n} feed refreshes for today.`,
} as const;

/**
 * A person's feed. Automatic reads answer the stored session until its refresh time (or until
 * topics or silenced sources change); a manual refresh (pro and team) recomputes at once,
 * within the plan's cooldown and refreshes per day.
 */
export async function read(userId: string, options: { manual: boolean }, now = Date.now()): Promise<Feed> {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  const plan = user.plan;
  const limits = PLAN_LIMITS[plan];
  const [today, state, topicsChangedAt, silenced] = await Promise.all([
    sessionsSince(userId, now - DAY_MS),
    FeedState.read(userId),
    Topics.changedAt(userId),
    Silenced.ids(userId),
  ]);
  const latest = today.at(-1) ?? (await latestSession(userId));
  // Provisional sessions (made while new topics were still matched) do not use up a refresh.
  const counted = today.filter((s) => !s.provisional);
  const refreshFreesAt = counted.length >= limits.refreshesPerDay ? counted[0]!.createdAt + DAY_MS : undefined;

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
    const refreshed = await refresh(userId, plan, today, state.staleSince, "manual", now, {
      ...(await phrasesOf(userId, now)),
      silenced,
    });
    return viewStored(userId, plan, refreshed, now, now, silenced);
  }

  // The person's topics and their phrases' dictionary entries, read only when needed (once).
  let phrases: Promise<TopicsWithStats> | undefined;
  const topics = () => (phrases ??= phrasesOf(userId, now));
  // Changed topics or silenced sources (or a cleared refresh) since the latest session make it
  // out of date; so does the end of matching new topics, for a provisional session.
  const stale =
    (state.staleSince !== undefined && (!latest || state.staleSince >= latest.createdAt)) ||
    (latest !== undefined && topicsChangedAt >= latest.createdAt) ||
    (latest?.provisional === true && !(await (await topics()).stats).backfilling);
  const lastManual = state.lastManualRefreshAt;
  if (latest && latest.nextRefreshAt > now && !stale) return view(userId, plan, latest, now, lastManual, silenced);
  if (refreshFreesAt && latest) {
    const kept = { ...latest, nextRefreshAt: refreshFreesAt, provisional: false };
    return view(userId, plan, kept, now, lastManual, silenced);
  }
  const refreshed = await refresh(userId, plan, today, state.staleSince, "auto", now, {
    ...(await topics()),
    silenced,
  });
  return viewStored(userId, plan, refreshed, now, lastManual, silenced);
}

export interface DigestPick {
  id: string;
  title: string;
  link: string;
  sourceName: string;
  publishedAt: number;
  /** The person's topics it matched, best first (the feed's "why"). */
  topics: string[];
  /** `picks`, or the supertag whose section it belongs to. */
  group: string;
}

/**
 * The best articles published after `since` that the person has not seen, for the e-mail
 * digest: scored and chosen as the feed chooses them (silenced and unreached sources left out,
 * a section per supertag when `bySupertag`), but read-only: no session is stored.
 */
export async function digestPicks(
  userId: string,
  options: { since: number; now: number; count: number; bySupertag: boolean },
): Promise<{ groupOrder: string[]; picks: DigestPick[] }> {
  const { since, now, count, bySupertag } = options;
  const { topics, stats } = await phrasesOf(userId, now);
  if (topics.length === 0) return { groupOrder: [], picks: [] };
  const [candidates, unreached, silenced] = await Promise.all([
    collect(topics, stats, since, now, now - since),
    Sources.untrustedNotSuggestedBy(userId),
    Silenced.ids(userId),
  ]);
  const eligible = candidates
    .filter((c) => c.publishedAt > since && c.publishedAt <= now)
    .filter((c) => !silenced.has(c.sourceId) && !unreached.has(c.sourceId))
    .sort((a, b) => b.score - a.score)
    .slice(0, SEEN_CHECK_LIMIT);
  const supertags = bySupertag ? topics.filter((t) => t.isSupertag).sort((a, b) => a.topic.localeCompare(b.topic)) : [];
  const chosen = await chooseUnseen(userId, eligible, supertags, count, new Set());
  const articles = await Articles.byIds(chosen.map((c) => c.candidate.articleId));
  const picks = chosen.flatMap(({ candidate, group }) => {
    const article = articles.get(candidate.articleId);
    if (!article || article.duplicateOf !== undefined) return [];
    return [
      {
        id: article.articleId,
        title: article.title,
        link: article.link,
        sourceName: article.sourceName,
        publishedAt: article.publishedAt,
        topics: candidate.topics.slice(0, MAX_KEYWORDS).map((t) => t.topic.topic),
        group,
      },
    ];
  });
  return { groupOrder: [...supertags.map((t) => t.topic), PICKS], picks };
}

/** The view of a new session, answered while the session is being stored (a failed store still fails the request). */
async function viewStored(
  userId: string,
  plan: Plan,
  refreshed: { session: FeedSession; store: () => Promise<void> },
  now: number,
  lastManualRefreshAt: number | undefined,
  silenced: Set<string>,
): Promise<Feed> {
  const [feed] = await Promise.all([
    view(userId, plan, refreshed.session, now, lastManualRefreshAt, silenced),
    refreshed.store(),
  ]);
  return feed;
}

interface TopicsWithStats {
  topics: Topic[];
  /**
   * Rarity of each phrase, and whether new ones are still being matched (the feed is then
   * provisional): read alongside the postings, not before them.
   */
  stats: Promise<Topics.PhraseStats>;
}

async function phrasesOf(userId: string, now: number): Promise<TopicsWithStats> {
  const topics = await Topics.listRaw(userId);
  const stats = Topics.phraseStats(
    topics.map((t) => t.phrase),
    now,
  );
  // Not awaited here: the refresh reads it alongside the postings (and awaits it there).
  return { topics, stats };
}

async function sessionsSince(userId: string, since: number): Promise<FeedSession[]> {
  // A range with both ends: `gte` alone would read every item of the person sorting after the
  // sessions (their topics, seen marks, ...) for ElectroDB to filter out.
  const { data } = await FeedSessionEntity.query
    .byUser({ userId })
    .between({ createdAt: since }, { createdAt: Number.MAX_SAFE_INTEGER })
    .go({ pages: "all" });
  return data.sort((a, b) => a.createdAt - b.createdAt);
}

async function latestSession(userId: string): Promise<FeedSession | undefined> {
  const { data } = await FeedSessionEntity.query.byUser({ userId }).go({ order: "desc", limit: 1 });
  return data[0];
}

interface Candidate {
  articleId: string;
  sourceId: string;
  publishedAt: number;
  score: number;
  /** Matched topics with their contribution, best first once scored. */
  topics: Array<{ topic: Topic; weight: number }>;
}

/** Computes and stores a new session: the scoring of the feed engine. */
async function refresh(
  userId: string,
  plan: Plan,
  today: FeedSession[],
  staleSince: number | undefined,
  kind: "auto" | "manual",
  now: number,
  { topics, stats: statsRead, silenced }: TopicsWithStats & { silenced: Set<string> },
): Promise<{ session: FeedSession; store: () => Promise<void> }> {
  const limits = PLAN_LIMITS[plan];
  // A provisional session (made while new topics were matched) is replaced by the next one, not
  // added to: its picks are candidates again, even if glimpsed (seen) while it was shown.
  const delivered = new Set(today.filter((s) => !s.provisional).flatMap((s) => s.picks.map((p) => p.id)));
  const glimpsed = new Set(today.filter((s) => s.provisional).flatMap((s) => s.picks.map((p) => p.id)));
  const budget = Math.max(0, Math.min(postsPerRefresh(plan), limits.postsPerDay - delivered.size));
  const windowStart = Number.isFinite(limits.coverageMs) ? now - limits.coverageMs : 0;

  // Untrusted sources reach only the people who suggested them.
  const [candidates, unreached, stats] = await Promise.all([
    budget > 0 && topics.length > 0
      ? collect(topics, statsRead, windowStart, now, limits.coverageMs)
      : Promise.resolve([]),
    Sources.untrustedNotSuggestedBy(userId),
    statsRead,
  ]);
  // While new topics are still being matched against recent articles (a backfill), the feed is
  // provisional: kept and shown, but it uses up no refresh and is out of date once matching ends.
  const provisional = kind === "auto" && stats.backfilling;
  const eligible = candidates
    .filter((c) => !silenced.has(c.sourceId) && !unreached.has(c.sourceId) && !delivered.has(c.articleId))
    .sort((a, b) => b.score - a.score)
    .slice(0, SEEN_CHECK_LIMIT);
  const supertags = topics.filter((t) => t.isSupertag).sort((a, b) => a.topic.localeCompare(b.topic));
  const chosen = await chooseUnseen(userId, eligible, supertags, budget, glimpsed);

  const articles = await Articles.byIds(chosen.map((c) => c.candidate.articleId));
  const picks = chosen
    // A copy displaced by its original publisher's article may still have postings: never shown.
    .filter(
      ({ candidate }) =>
        articles.get(candidate.articleId)?.duplicateOf === undefined && articles.has(candidate.articleId),
    )
    .map(({ candidate, group }) => {
      const article = articles.get(candidate.articleId)!;
      return {
        id: article.articleId,
        title: article.title,
        link: article.link,
        source_name: article.sourceName,
        source_id: article.sourceId,
        source_type: article.sourceType,
        publishedAt: article.publishedAt,
        bestMatchingKeywords: candidate.topics.slice(0, MAX_KEYWORDS).map((t) => t.topic.topic),
        group,
      };
    });
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
  const session = {
    userId,
    createdAt: now,
    kind,
    groupOrder: caughtUp ? previous.groupOrder : [PICKS, ...supertags.map((t) => t.topic)],
    picks: caughtUp ? carried : picks,
    caughtUp,
    nextRefreshAt: now + (provisional ? PREPARING_RETRY_MS : autoRefreshIntervalMs(plan)),
    provisional,
    expiresAt: Math.floor(now / 1000) + 400 * 24 * 60 * 60,
  };
  const store = async () => {
    await FeedSessionEntity.put(session).go();
    await FeedState.clearStale(userId, staleSince);
    // Friends see it in their following feed (fanned out on write: see follows/timeline.ts).
    await Follows.sessionStored(session);
  };
  return { session, store };
}

/**
 * Chooses up to `budget` of the best eligible candidates the person has not seen: first up to
 * MAX_PER_SUPERTAG per supertag (its own group), then the best of the rest (picks). Seen marks
 * are checked in rounds, best candidates first, only as far down as the choice reaches — a few
 * dozen reads where checking every candidate would take hundreds. Articles glimpsed in a
 * provisional session count as unseen.
 */
async function chooseUnseen(
  userId: string,
  eligible: Candidate[],
  supertags: Topic[],
  budget: number,
  glimpsed: Set<string>,
): Promise<Array<{ candidate: Candidate; group: string }>> {
  const perSupertag = supertags.length
    ? Math.min(MAX_PER_SUPERTAG, Math.max(1, Math.floor(budget / (2 * supertags.length))))
    : 0;
  const seen = new Map<string, boolean>();
  for (let round = 1; ; round++) {
    // The best of all, and the best of each supertag (its group draws from further down).
    const wanted = new Set(eligible.slice(0, round * SEEN_ROUND_FACTOR * Math.max(1, budget)).map((c) => c.articleId));
    for (const supertag of supertags) {
      eligible
        .filter((c) => c.topics.some((t) => t.topic.topicId === supertag.topicId))
        .slice(0, round * SEEN_ROUND_FACTOR * Math.max(1, perSupertag))
        .forEach((c) => wanted.add(c.articleId));
    }
    const unchecked = [...wanted].filter((id) => !seen.has(id));
    const found = await Seen.seenAmong(userId, unchecked);
    for (const id of unchecked) seen.set(id, found.has(id) && !glimpsed.has(id));
    const unseen = eligible.filter((c) => seen.get(c.articleId) === false);
    const chosen = choose(unseen, supertags, perSupertag, budget);
    if (chosen.length >= budget || seen.size >= eligible.length) return chosen;
  }
}

function choose(unseen: Candidate[], supertags: Topic[], perSupertag: number, budget: number) {
  const chosen: Array<{ candidate: Candidate; group: string }> = [];
  const taken = new Set<string>();
  for (const supertag of supertags) {
    const pool = unseen.filter(
      (c) => !taken.has(c.articleId) && c.topics.some((t) => t.topic.topicId === supertag.topicId),
    );
    for (const candidate of diversePicks(pool, Math.min(perSupertag, budget - chosen.length))) {
      chosen.push({ candidate, group: supertag.topic });
      taken.add(candidate.articleId);
    }
  }
  const rest = unseen.filter((c) => !taken.has(c.articleId));
  for (const candidate of diversePicks(rest, budget - chosen.length)) chosen.push({ candidate, group: PICKS });
  return chosen;
}

/**
 * Reads the postings of every topic within the window and scores each article: matched
 * topics, supertags counting double, title above body, rare topics above common ones, and
 * fresh articles above old.
 */
async function collect(
  topics: Topic[],
  stats: Promise<Topics.PhraseStats>,
  windowStart: number,
  now: number,
  coverageMs: number,
): Promise<Candidate[]> {
  const byPhrase = new Map(topics.map((t) => [t.phrase, t]));
  const phrases = [...byPhrase.keys()];
  const [postings, { rarity }] = await Promise.all([
    Articles.postingsFor(phrases, windowStart, postingsPerTopic(phrases.length), now),
    stats,
  ]);
  const halfLifeHours = Math.min(
    7 * 24,
    Math.max(6, (Number.isFinite(coverageMs) ? coverageMs : 30 * DAY_MS) / 4 / 3_600_000),
  );
  const candidates = new Map<string, Candidate>();
  for (const posting of [...postings.values()].flat()) {
    const topic = byPhrase.get(posting.phrase)!;
    const weight =
      (topic.isSupertag ? 2 : 1) *
      (posting.inTitle ? 2 : 1) *
      (0.5 + (rarity.get(posting.phrase) ?? 1)) *
      (1 + 0.1 * Math.min(5, posting.titleCount + posting.bodyCount - 1));
    const candidate = candidates.get(posting.articleId) ?? {
      articleId: posting.articleId,
      sourceId: posting.sourceId,
      publishedAt: posting.publishedAt,
      score: 0,
      topics: [],
    };
    candidate.topics.push({ topic, weight });
    candidates.set(posting.articleId, candidate);
  }
  for (const candidate of candidates.values()) {
    const ageHours = Math.max(0, (now - candidate.publishedAt) / 3_600_000);
    const freshness = 0.5 ** (ageHours / halfLifeHours);
    candidate.topics.sort((a, b) => b.weight - a.weight);
    candidate.score = candidate.topics.reduce((sum, t) => sum + t.weight, 0) * (0.3 + 0.7 * freshness);
  }
  return [...candidates.values()];
}

/** The best `count` candidates, each further pick from an already picked source discounted. */
export function diversePicks<C extends { score: number; sourceId: string }>(pool: C[], count: number): C[] {
  const picked: C[] = [];
  const perSource = new Map<string, number>();
  const remaining = [...pool];
  while (picked.length < count && remaining.length > 0) {
    let best = 0;
    let bestScore = -1;
    for (let i = 0; i < remaining.length; i++) {
      const c = remaining[i]!;
      const effective = c.score * SOURCE_REPEAT_PENALTY ** (perSource.get(c.sourceId) ?? 0);
      if (effective > bestScore) {
        bestScore = effective;
        best = i;
      }
    }
    const [choice] = remaining.splice(best, 1);
    picked.push(choice!);
    perSource.set(choice!.sourceId, (perSource.get(choice!.sourceId) ?? 0) + 1);
  }
  return picked;
}

const articleType = (type: SourceType): FeedArticle["type"] =>
  type === "youtube" || type === "bluesky" || type === "twitter" ? type : "other";

async function view(
  userId: string,
  plan: Plan,
  session: FeedSession | undefined,
  now: number,
  lastManualRefreshAt: number | undefined,
  silenced: Set<string>,
): Promise<Feed> {
  const limits = PLAN_LIMITS[plan];
  const nextManual = limits.manualRefresh
    ? new Date(Math.max(now, (lastManualRefreshAt ?? 0) + limits.manualRefresh.cooldownSeconds * 1000)).toISOString()
    : null;
  if (!session) {
    return {
      groups: { [PICKS]: [] },
      nextRefreshTime: new Date(now).toISOString(),
      nextManualRefreshTime: nextManual,
      refreshedAt: null,
      plan,
      preparing: false,
      caughtUp: false,
    };
  }
  // A source silenced since the session was made leaves it at once, whatever the refresh budget.
  const picks = session.picks.filter((p) => !silenced.has(p.source_id));
  const liked = await Likes.likedAmong(
    userId,
    picks.map((p) => p.id),
  );
  const groups: Record<string, FeedArticle[]> = {};
  for (const name of session.groupOrder) groups[name] = [];
  for (const pick of picks) {
    (groups[pick.group] ??= []).push({
      id: pick.id,
      title: pick.title,
      link: pick.link,
      source_name: pick.source_name,
      source_id: pick.source_id,
      type: articleType(pick.source_type),
      bestMatchingKeywords: pick.bestMatchingKeywords,
      isAddedToGraph: liked.has(pick.id),
      publishedAt: new Date(pick.publishedAt).toISOString(),
    });
  }
  return {
    groups,
    nextRefreshTime: new Date(session.nextRefreshAt).toISOString(),
    nextManualRefreshTime: nextManual,
    refreshedAt: new Date(session.createdAt).toISOString(),
    plan,
    preparing: session.provisional ?? false,
    caughtUp: session.caughtUp ?? false,
  };
}
