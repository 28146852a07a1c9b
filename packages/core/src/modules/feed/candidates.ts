import * as Articles from "../articles/index.ts";
import * as Topics from "../topics/index.ts";
import type { Topic } from "../topics/index.ts";
import { postingsPerTopic } from "./rules.ts";
import { scoreCandidates, type Candidate, type Chosen } from "./scoring.ts";

export interface TopicsWithStats {
  topics: Topic[];
  /**
   * Rarity of each phrase, and whether new ones are still being matched (the feed is then
   * provisional): read alongside the postings, not before them.
   */
  stats: Promise<Topics.PhraseStats>;
}

/** A person's topics, and their phrases' dictionary entries on the way (not awaited here). */
export async function topicsOf(userId: string, now: number): Promise<TopicsWithStats> {
  const topics = await Topics.listRaw(userId);
  const stats = Topics.phraseStats(
    topics.map((t) => t.phrase),
    now,
  );
  return { topics, stats };
}

/** Reads the postings of every topic within the window and scores the articles they name. */
export async function collect(
  { topics, stats }: TopicsWithStats,
  windowStart: number,
  now: number,
  coverageMs: number,
): Promise<Candidate[]> {
  const phrases = [...new Set(topics.map((t) => t.phrase))];
  const [postings, { rarity }] = await Promise.all([
    Articles.postingsFor(phrases, windowStart, postingsPerTopic(phrases.length), now),
    stats,
  ]);
  return scoreCandidates([...postings.values()].flat(), topics, rarity, now, coverageMs);
}

/**
 * The chosen candidates with their articles, in the order chosen. A copy displaced by its
 * original publisher's article may still have postings: it is never shown.
 */
export async function withArticles(chosen: Chosen[]): Promise<Array<Chosen & { article: Articles.Article }>> {
  return withRead(chosen, await Articles.byIds(chosen.map((c) => c.candidate.articleId)));
}

/** `withArticles`, with the articles read by the caller (with other reads of the same request). */
export function withRead<A extends { duplicateOf?: string | undefined }>(
  chosen: Chosen[],
  articles: Map<string, A>,
): Array<Chosen & { article: A }> {
  return chosen.flatMap((c) => {
    const article = articles.get(c.candidate.articleId);
    return article && article.duplicateOf === undefined ? [{ ...c, article }] : [];
  });
}
