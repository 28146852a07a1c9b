import { shardOf } from "../topics/index.ts";
import { DictionaryPhraseEntity } from "../topics/topic.entity.ts";
import type { PhraseMatcher } from "../matching/matcher.ts";
import { PostingEntity, type Article } from "./article.entity.ts";

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
  // Rarity counts; updatedAt is left alone so matchers don't re-read phrases for this.
  await Promise.all(
    matches.map((m) =>
      DictionaryPhraseEntity.update({ shard: shardOf(m.phrase), phrase: m.phrase })
        .add({ postings: 1 })
        .go(),
    ),
  );
  return matches.map((m) => m.phrase);
}
