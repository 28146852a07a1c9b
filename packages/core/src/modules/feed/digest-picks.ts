import type { Plan } from "../../lib/plans/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as Sources from "../sources/index.ts";
import { collect, topicsOf, withArticles } from "./candidates.ts";
import { seenOrFilteredAmong, topicsByArticle } from "./filters.ts";
import { PICKS_GROUP } from "./rules.ts";
import { chooseUnseen, eligible, keywordsOf, supertagsOf } from "./scoring.ts";
import * as Silenced from "./silenced.ts";

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
 * digest: scored and chosen as the feed chooses them (silenced and unreached sources and what
 * the person's filters hide left out, a section per supertag when `bySupertag`), but read-only: no session is stored.
 */
export async function digestPicks(
  userId: string,
  options: { since: number; now: number; count: number; bySupertag: boolean; plan: Plan },
): Promise<{ groupOrder: string[]; picks: DigestPick[] }> {
  const { since, now, count, bySupertag, plan } = options;
  const topics = await topicsOf(userId, now);
  if (topics.topics.length === 0) return { groupOrder: [], picks: [] };
  const [candidates, unreached, silenced, filters] = await Promise.all([
    collect(topics, since, now, now - since),
    Sources.untrustedNotSuggestedBy(userId),
    Silenced.ids(userId),
    Mutes.read(userId, plan),
  ]);
  const shown = eligible(
    candidates,
    (c) => c.publishedAt <= since || c.publishedAt > now || silenced.has(c.sourceId) || unreached.has(c.sourceId),
  );
  const supertags = bySupertag ? supertagsOf(topics.topics) : [];
  const chosen = await chooseUnseen(
    shown,
    supertags,
    count,
    seenOrFilteredAmong(userId, filters, topicsByArticle(shown)),
  );
  const picks = (await withArticles(chosen)).map(({ article, candidate, group }): DigestPick => ({
    id: article.articleId,
    title: article.title,
    link: article.link,
    sourceName: article.sourceName,
    publishedAt: article.publishedAt,
    topics: keywordsOf(candidate),
    group,
  }));
  return { groupOrder: [...supertags.map((t) => t.topic), PICKS_GROUP], picks };
}
