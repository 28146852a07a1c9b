import { getTogether } from "../../adapters/dynamo/index.ts";
import { PLAN_LIMITS, type Plan } from "../../lib/plans/index.ts";
import * as Articles from "../articles/index.ts";
import type * as Mutes from "../mutes/index.ts";
import * as Sources from "../sources/index.ts";
import type { Topic } from "../topics/index.ts";
import { collect, withRead, type TopicsWithStats } from "./candidates.ts";
import * as Likes from "./likes.ts";
import { seenOrFilteredAmong, topicsByArticle } from "./filters.ts";
import type { FeedPick } from "./picks.ts";
import { inGroupOrder, PICKS_GROUP } from "./rules.ts";
import { chooseUnseen, eligible, keywordsOf, spelledVia, supertagsOf, viaOf } from "./scoring.ts";
import type { PicksAtHand } from "./view.ts";

/** What choosing new picks needs to know, read once by the feed's read. */
export interface ChoiceContext extends TopicsWithStats {
  userId: string;
  plan: Plan;
  now: number;
  silenced: Set<string>;
  /** The person's filters (muted words and the advanced ones): what they hide is never chosen, nor counted as delivered. */
  filters: Mutes.FeedFilters;
}

export interface Choice {
  picks: FeedPick[];
  /** What the view shows of the new picks, read with their articles. */
  atHand: PicksAtHand;
  /** New topics are still being matched against recent articles (a backfill). */
  backfilling: boolean;
}

/**
 * Up to `budget` new picks (the feed engine: see scoring.ts), none of the articles already
 * `delivered` within the day, nor seen, silenced, muted or from an untrusted source the person
 * did not suggest, nor hidden by their filters; with what the view shows of them, read in the same request as their articles.
 */
export async function choosePicks(context: ChoiceContext, budget: number, delivered: Set<string>): Promise<Choice> {
  const { userId, plan, now, topics, stats: statsRead, silenced, filters } = context;
  const limits = PLAN_LIMITS[plan];
  const windowStart = Number.isFinite(limits.coverageMs) ? now - limits.coverageMs : 0;
  // Untrusted sources reach only the people who suggested them.
  const [candidates, unreached, stats] = await Promise.all([
    budget > 0 && topics.length > 0 ? collect(context, windowStart, now, limits.coverageMs) : Promise.resolve([]),
    Sources.untrustedNotSuggestedBy(userId),
    statsRead,
  ]);
  const shown = eligible(
    candidates,
    (c) => silenced.has(c.sourceId) || unreached.has(c.sourceId) || delivered.has(c.articleId),
  );
  const chosen = await chooseUnseen(
    shown,
    supertagsOf(topics),
    budget,
    seenOrFilteredAmong(userId, filters, topicsByArticle(shown)),
  );

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
    ...(article.excerpt ? { excerpt: article.excerpt } : {}),
    ...(article.readingMinutes ? { readingMinutes: article.readingMinutes } : {}),
    ...(article.picture ? { picture: article.picture } : {}),
  }));
  const atHand: PicksAtHand = {
    liked: new Set(ids.filter((_, i) => read.liked[i])),
    coverage: new Map([...articles.values()].map((a) => [a.articleId, Articles.coverageFrom(a)])),
    subjects: read.subjects[0] ?? new Map(),
    unreached,
  };
  return { picks, atHand, backfilling: stats.backfilling };
}

/** The session's groups in the order shown: one per supertag (starred topics first), then picks. */
export const groupOrderOf = (topics: Topic[]) => [...supertagsOf(topics).map((t) => t.topic), PICKS_GROUP];

/**
 * A session's picks re-ranked for the person's topics as they are now (a fill): each pick goes
 * to the group of the first supertag it matched (by the topics it names), else to picks; within
 * a group, the picks already delivered keep their order and the new ones follow. Nothing
 * delivered is dropped.
 */
export function reranked(kept: FeedPick[], added: FeedPick[], topics: Topic[]): FeedPick[] {
  const supertags = supertagsOf(topics).map((t) => t.topic);
  const regrouped = kept.map((pick) => ({
    ...pick,
    group: supertags.find((name) => pick.bestMatchingKeywords.includes(name)) ?? PICKS_GROUP,
  }));
  return inGroupOrder([...regrouped, ...added], groupOrderOf(topics));
}
