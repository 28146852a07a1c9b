import { getTogether } from "../../adapters/dynamo/index.ts";
import { PLAN_LIMITS, type Plan } from "../../lib/plans/index.ts";
import * as Articles from "../articles/index.ts";
import * as Sources from "../sources/index.ts";
import type { SourceType } from "../sources/rules.ts";
import { coveredByOf, type CoveredBy } from "./covered.ts";
import * as Likes from "./likes.ts";
import type { MuteMatcher } from "../mutes/index.ts";
import { isMutedPick } from "./mutes-filter.ts";
import type { FeedPick, FeedSession } from "./picks.ts";
import { PICKS_GROUP } from "./rules.ts";

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
  publishedAt: string;
  /** The catalogue's subject of its source (e.g. "Cricket"); absent for a source with none. */
  subject?: string;
  /** BCP 47 primary language of the title, when known. */
  language?: string;
  /** Other sources' copies of the same story (one card per story), when any may be named to this person. */
  alsoCoveredBy?: CoveredBy[];
  /** Topic -> the related terms that carried it, for topics it matched through them, not by name. */
  via?: Record<string, string[]>;
}

/** The answer of `GET /api/rss/articles`. */
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

const articleType = (type: SourceType): FeedArticle["type"] =>
  type === "youtube" || type === "bluesky" || type === "twitter" ? type : "other";

/**
 * The feed a person sees of a session: sources silenced and words muted since it was made left
 * out (at once, whatever the refresh budget), each article saying whether it is in their graph and its
 * source's subject (looked up as it is now: one read of the catalogue's subjects). What it
 * shows of the picks is read in one request, unless the caller has it at hand (a refresh has,
 * of the picks it just made).
 */
export async function view(
  userId: string,
  plan: Plan,
  session: FeedSession | undefined,
  now: number,
  lastManualRefreshAt: number | undefined,
  silenced: Set<string>,
  muted: MuteMatcher,
  atHand?: PicksAtHand,
): Promise<Feed> {
  const limits = PLAN_LIMITS[plan];
  const nextManual = limits.manualRefresh
    ? new Date(Math.max(now, (lastManualRefreshAt ?? 0) + limits.manualRefresh.cooldownSeconds * 1000)).toISOString()
    : null;
  if (!session) {
    return {
      groups: { [PICKS_GROUP]: [] },
      nextRefreshTime: new Date(now).toISOString(),
      nextManualRefreshTime: nextManual,
      refreshedAt: null,
      plan,
      preparing: false,
      caughtUp: false,
    };
  }
  const picks = session.picks.filter((p) => !silenced.has(p.sourceId) && !isMutedPick(muted, p));
  const { liked, coverage, subjects } = atHand ?? (await readAbout(userId, picks));
  const covered = await coveredByOf(userId, picks, silenced, coverage, atHand?.unreached);
  const groups: Record<string, FeedArticle[]> = {};
  for (const name of session.groupOrder) groups[name] = [];
  for (const pick of picks) {
    (groups[pick.group] ??= []).push({
      id: pick.id,
      title: pick.title,
      link: pick.link,
      source_name: pick.sourceName,
      source_id: pick.sourceId,
      type: articleType(pick.sourceType),
      bestMatchingKeywords: pick.bestMatchingKeywords,
      isAddedToGraph: liked.has(pick.id),
      publishedAt: new Date(pick.publishedAt).toISOString(),
      ...(subjects.has(pick.sourceId) && { subject: subjects.get(pick.sourceId) }),
      ...(pick.language ? { language: pick.language } : {}),
      ...(covered.has(pick.id) && { alsoCoveredBy: covered.get(pick.id) }),
      ...(pick.via?.length ? { via: Object.fromEntries(pick.via.map((v) => [v.topic, v.terms])) } : {}),
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

/** The picks' likes and coverage, and the catalogue's subjects, in one batched read (none for no picks). */
async function readAbout(userId: string, picks: FeedPick[]): Promise<PicksAtHand> {
  if (picks.length === 0) return { liked: new Set(), coverage: new Map(), subjects: new Map() };
  const read = await getTogether({
    liked: picks.map((p) => Likes.likedRead(userId, p.id)),
    coverage: picks.map((p) => Articles.coverageRead(p.id)),
    subjects: Sources.Subjects.bySourceRead(),
  });
  return {
    liked: new Set(picks.flatMap((p, i) => (read.liked[i] ? [p.id] : []))),
    coverage: new Map(read.coverage.flatMap((c) => (c ? [[c.articleId, c] as const] : []))),
    subjects: read.subjects,
  };
}
