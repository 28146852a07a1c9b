import { getTogether } from "../../adapters/dynamo/index.ts";
import { PLAN_LIMITS, type Plan } from "../../lib/plans/index.ts";
import * as Articles from "../articles/index.ts";
import { pictureView, type ProxiedPicture } from "../pictures/rules.ts";
import * as Sources from "../sources/index.ts";
import type { SourceType } from "../sources/rules.ts";
import { coveredByOf, type CoveredBy } from "./covered.ts";
import * as Likes from "./likes.ts";
import type { FeedFilters } from "../mutes/index.ts";
import { isFilteredPick } from "./filters.ts";
import * as Seen from "./seen.ts";
import type { FeedPick, FeedSession } from "./picks.ts";
import { inGroupOrder, PICKS_GROUP } from "./rules.ts";

/** A feed's article in the spec's wire shape (`GET /api/rss/articles`). */
export interface FeedArticle {
  id: string;
  title: string;
  link: string;
  source_name: string;
  source_id: string;
  type: "twitter" | "youtube" | "bluesky" | "other";
  bestMatchingKeywords: string[];
  isAddedToGraph: boolean;
  /** The person has seen it (kept in the feed, marked). */
  seen: boolean;
  publishedAt: string;
  /** The catalogue's subject of its source (e.g. "Cricket"); absent for a source with none. */
  subject?: string;
  /** BCP 47 primary language of the title, when known. */
  language?: string;
  /** Other sources' copies of the same story (one card per story), when any may be named to this person. */
  alsoCoveredBy?: CoveredBy[];
  /** Topic -> the related terms that carried it, for topics it matched through them, not by name. */
  via?: Record<string, string[]>;
  /** Two or three lines of its summary, plain text. */
  excerpt?: string;
  /** Minutes it takes to read, when its feed carried enough text to tell. */
  readingMinutes?: number;
  /** Its picture on graph's own origin (two widths), when it has one. */
  picture?: ProxiedPicture;
}

/** A session before the current one, as the feed shows it below ("earlier today", then earlier days). */
export interface EarlierSession {
  refreshedAt: string;
  /** Its picks not shown since, in its groups' order; seen ones are marked, not removed. */
  articles: FeedArticle[];
}

/** The answer of `GET /api/rss/articles`. */
export interface Feed {
  /** The current session's groups: supertags first, then picks; never an empty group. */
  groups: Record<string, FeedArticle[]>;
  /** The groups' names in the order shown (a topic named like a number would reorder the object's keys). */
  groupOrder: string[];
  nextRefreshTime: string;
  nextManualRefreshTime: string | null;
  /** When the current session was last chosen or filled. */
  refreshedAt: string | null;
  /** When the current session started (its refresh); the same on every device until the next one. */
  sessionStartedAt: string | null;
  /** Identifies this answer (the `ETag`): it changes whenever the feed would read differently. */
  version: string;
  /** Refreshes (sessions started by the schedule or the button) in the last 24 hours, and the plan's. */
  refreshesUsed: number;
  refreshesPerDay: number;
  plan: Plan;
  /** New topics are still being matched against recent articles: this feed is provisional, ask again soon. */
  preparing: boolean;
  /** The refresh found nothing new (all delivered, seen or over the day's posts): these are the previous picks. */
  caughtUp: boolean;
  /** The sessions before the current one within the plan's coverage (at most a few days), newest first. */
  earlier: EarlierSession[];
  /** The person chose a denser list: cards without pictures (the pictures are left out of the answer). */
  compactCards?: boolean;
}

const articleType = (type: SourceType): FeedArticle["type"] =>
  type === "youtube" || type === "bluesky" || type === "twitter" ? type : "other";

/** Earlier sessions' articles the feed answers at most (their likes and seen marks are read with it). */
export const EARLIER_MAX_ARTICLES = 100;

/** What a view is made of: the current session, the ones before it, and what the policy decided. */
export interface ViewInput {
  userId: string;
  plan: Plan;
  session: FeedSession | undefined;
  /** Sessions before the current one, newest first. */
  earlier: FeedSession[];
  now: number;
  /** The next refresh time the person is told (the policy's: the schedule's, sooner while preparing). */
  nextRefreshAt: number;
  refreshesUsed: number;
  version: string;
  lastManualRefreshAt: number | undefined;
  silenced: Set<string>;
  filters: FeedFilters;
  /** What the view shows of the current session's picks, when the caller has read it (a new session). */
  atHand?: PicksAtHand | undefined;
  /** Cards without pictures (the person's setting). */
  compactCards?: boolean;
}

/**
 * The feed a person sees of a session: sources silenced and what filters hide since it was made left
 * out (at once, whatever the refresh budget), each article saying whether it is in their graph,
 * whether they have seen it, and its source's subject (looked up as it is now: one read of the
 * catalogue's subjects). Earlier sessions follow, each article once (where it was shown last).
 * What it shows of the picks is read in one request, less what the caller has at hand.
 */
export async function view(input: ViewInput): Promise<Feed> {
  const { userId, plan, session, now, lastManualRefreshAt, silenced, filters, atHand } = input;
  const limits = PLAN_LIMITS[plan];
  const nextManual = limits.manualRefresh
    ? new Date(Math.max(now, (lastManualRefreshAt ?? 0) + limits.manualRefresh.cooldownSeconds * 1000)).toISOString()
    : null;
  const visible = (p: FeedPick) => !silenced.has(p.sourceId) && !isFilteredPick(filters, p);
  const picks = (session?.picks ?? []).filter(visible);
  const shown = new Set(picks.map((p) => p.id));
  const earlier: Array<{ session: FeedSession; picks: FeedPick[] }> = [];
  let room = EARLIER_MAX_ARTICLES;
  for (const before of input.earlier) {
    const kept = inGroupOrder(before.picks, before.groupOrder).filter((p) => visible(p) && !shown.has(p.id));
    kept.forEach((p) => shown.add(p.id));
    if (kept.length > 0 && room > 0) earlier.push({ session: before, picks: kept.slice(0, room) });
    room -= kept.length;
  }
  const earlierPicks = earlier.flatMap((e) => e.picks);
  const about = await readAbout(userId, atHand ? [] : picks, earlierPicks, atHand);
  const covered = await coveredByOf(userId, picks, silenced, about.coverage, atHand?.unreached);
  const card = (pick: FeedPick, withCover: boolean): FeedArticle => ({
    id: pick.id,
    title: pick.title,
    link: pick.link,
    source_name: pick.sourceName,
    source_id: pick.sourceId,
    type: articleType(pick.sourceType),
    bestMatchingKeywords: pick.bestMatchingKeywords,
    isAddedToGraph: about.liked.has(pick.id),
    seen: about.seen.has(pick.id),
    publishedAt: new Date(pick.publishedAt).toISOString(),
    ...(about.subjects.has(pick.sourceId) && { subject: about.subjects.get(pick.sourceId) }),
    ...(pick.language ? { language: pick.language } : {}),
    ...(withCover && covered.has(pick.id) && { alsoCoveredBy: covered.get(pick.id) }),
    ...(pick.via?.length ? { via: Object.fromEntries(pick.via.map((v) => [v.topic, v.terms])) } : {}),
    ...(pick.excerpt ? { excerpt: pick.excerpt } : {}),
    ...(pick.readingMinutes ? { readingMinutes: pick.readingMinutes } : {}),
    ...(input.compactCards ? {} : pictureOf(about.coverage.get(pick.id)?.picture ?? pick.picture)),
  });
  const byGroup = new Map<string, FeedArticle[]>();
  for (const name of session?.groupOrder ?? []) byGroup.set(name, []);
  for (const pick of picks) {
    const group = byGroup.get(pick.group) ?? [];
    group.push(card(pick, true));
    byGroup.set(pick.group, group);
  }
  // Supertags' groups (starred topics) come first, picks after them, and no group is empty.
  const groupOrder = [...byGroup.keys()]
    .filter((name) => byGroup.get(name)!.length > 0)
    .sort((a, b) => Number(a === PICKS_GROUP) - Number(b === PICKS_GROUP));
  return {
    groups: Object.fromEntries(groupOrder.map((name) => [name, byGroup.get(name)!])),
    groupOrder,
    nextRefreshTime: new Date(session ? input.nextRefreshAt : now).toISOString(),
    nextManualRefreshTime: nextManual,
    refreshedAt: session ? new Date(session.filledAt ?? session.createdAt).toISOString() : null,
    sessionStartedAt: session ? new Date(session.createdAt).toISOString() : null,
    version: input.version,
    refreshesUsed: input.refreshesUsed,
    refreshesPerDay: limits.refreshesPerDay,
    plan,
    preparing: session?.provisional ?? false,
    caughtUp: session?.caughtUp ?? false,
    compactCards: input.compactCards === true,
    earlier: earlier.map((e) => ({
      refreshedAt: new Date(e.session.createdAt).toISOString(),
      articles: e.picks.map((p) => card(p, false)),
    })),
  };
}

/** A card's picture: the one found since it was picked (read with its coverage), else the pick's own. */
const pictureOf = (picture: Articles.ArticlePicture | undefined) => (picture ? { picture: pictureView(picture) } : {});

/** What a view shows of its picks besides the session: whether each is liked, its copies, its source's subject. */
export interface PicksAtHand {
  /** The picks the person has added to their graph. */
  liked: Set<string>;
  /** The picks' coverage, by article id. */
  coverage: Map<string, Articles.Coverage>;
  /** The catalogue's subjects, by source id. */
  subjects: Map<string, string>;
  /** The untrusted sources the person did not suggest (never named as a copy), when read already. */
  unreached?: Set<string>;
}

interface About extends PicksAtHand {
  seen: Set<string>;
}

/**
 * The picks' likes, seen marks and coverage (the earlier sessions' without coverage: their cards
 * name no copies), and the catalogue's subjects, in one batched read; none for no picks. A new
 * session's own picks are at hand (read with their articles) and unseen (chosen so).
 */
async function readAbout(
  userId: string,
  current: FeedPick[],
  earlier: FeedPick[],
  atHand: PicksAtHand | undefined,
): Promise<About> {
  const both = [...current, ...earlier];
  if (both.length === 0) {
    return {
      liked: atHand?.liked ?? new Set(),
      coverage: atHand?.coverage ?? new Map(),
      subjects: atHand?.subjects ?? new Map(),
      seen: new Set(),
    };
  }
  const read = await getTogether({
    liked: both.map((p) => Likes.likedRead(userId, p.id)),
    seen: both.map((p) => Seen.seenRead(userId, p.id)),
    coverage: current.map((p) => Articles.coverageRead(p.id)),
    subjects: atHand && atHand.subjects.size > 0 ? [] : [Sources.Subjects.bySourceRead()],
  });
  const flagged = (flags: boolean[]) => new Set(both.flatMap((p, i) => (flags[i] ? [p.id] : [])));
  const liked = flagged(read.liked);
  for (const id of atHand?.liked ?? []) liked.add(id);
  const coverage = new Map(atHand?.coverage ?? []);
  for (const c of read.coverage) if (c) coverage.set(c.articleId, c);
  return {
    liked,
    seen: flagged(read.seen),
    coverage,
    subjects: read.subjects[0] ?? atHand?.subjects ?? new Map(),
  };
}
