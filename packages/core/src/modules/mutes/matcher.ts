import { PhraseMatcher } from "../../lib/matching/index.ts";

/** What a muted word is looked for in: an article's title and summary, in its language. */
export interface MutableArticle {
  title: string;
  summary?: string | undefined;
  language?: string | undefined;
}

/** Whether an article names any of a person's muted words. */
export interface MuteMatcher {
  /** How many words are muted (0: nothing is ever hidden, and nothing needs reading). */
  readonly size: number;
  hides(article: MutableArticle): boolean;
}

/**
 * A matcher of muted words, matched as topics are: whole words only, as adjacent words for a
 * phrase, case, accents and (in English or unknown text) plurals folded, in the title and the
 * summary (a phrase never spans the two).
 */
export function muteMatcher(words: Iterable<string>): MuteMatcher {
  const phrases = new PhraseMatcher();
  for (const word of words) phrases.add(word);
  return {
    size: phrases.size,
    hides: (article) =>
      phrases.size > 0 &&
      phrases.matchArticle({
        title: article.title,
        body: article.summary ?? "",
        ...(article.language ? { language: article.language } : {}),
      }).length > 0,
  };
}

/** The ids of the articles a matcher hides. */
export function hiddenAmong<A extends MutableArticle & { articleId: string }>(
  matcher: MuteMatcher,
  articles: Iterable<A>,
): Set<string> {
  const hidden = new Set<string>();
  if (matcher.size === 0) return hidden;
  for (const article of articles) if (matcher.hides(article)) hidden.add(article.articleId);
  return hidden;
}
