import type { PhraseMatcher } from "../matching/index.ts";
import type { Article } from "./article.entity.ts";
import { PostingEntity } from "./posting.entity.ts";

/**
 * Deletes the postings of an article that has become a copy of another (displaced by the
 * original publisher's own article), so feeds stop reading it. The phrases are those the
 * dictionary matches now, which are the ones its postings were written for; a posting of a
 * phrase no longer in the dictionary is left, and a feed skips copies it reads anyway.
 */
export async function retractPostings(article: Article, matcher: PhraseMatcher): Promise<number> {
  const matches = matcher.matchArticle({ title: article.title, body: article.summary });
  if (matches.length === 0) return 0;
  const { unprocessed } = await PostingEntity.delete(
    matches.map((m) => ({ phrase: m.phrase, publishedAt: article.publishedAt, articleId: article.articleId })),
  ).go();
  if (unprocessed.length > 0) {
    throw new Error(`${unprocessed.length} posting(s) of ${article.articleId} were not deleted`);
  }
  return matches.length;
}
