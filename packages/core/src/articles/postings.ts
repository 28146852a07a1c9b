import type { PhraseMatcher } from "../matching/index.ts";
import * as Topics from "../topics/index.ts";
import type { Article } from "./article.entity.ts";
import { PostingEntity } from "./posting.entity.ts";

/**
 * Matches an article once against the dictionary and writes one posting per matched phrase,
 * keeping where it matched (title or body) so a feed can score and explain it.
 */
export async function indexArticle(article: Article, matcher: PhraseMatcher): Promise<string[]> {
  if (article.duplicateOf) return [];
  const matches = matcher.matchArticle({ title: article.title, body: article.summary });
  if (matches.length === 0) return [];
  await PostingEntity.put(
    matches.map((m) => ({
      phrase: m.phrase,
      articleId: article.articleId,
      publishedAt: article.publishedAt,
      sourceId: article.sourceId,
      inTitle: m.inTitle,
      titleCount: m.titleCount,
      bodyCount: m.bodyCount,
    })),
  ).go();
  await Topics.countPostings(matches.map((m) => m.phrase));
  return matches.map((m) => m.phrase);
}

export interface Posting {
  phrase: string;
  articleId: string;
  sourceId: string;
  publishedAt: number;
  inTitle: boolean;
  titleCount: number;
  bodyCount: number;
}

/** The newest `limit` postings of a phrase published at or after `since`. */
export async function postingsOf(phrase: string, since: number, limit: number): Promise<Posting[]> {
  const { data } = await PostingEntity.query
    .byPhrase({ phrase })
    .gte({ publishedAt: since })
    .go({ order: "desc", limit });
  return data;
}
