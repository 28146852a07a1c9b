import { tokenizeArticle, type ArticleMatch, type PhraseMatcher } from "../../lib/matching/index.ts";
import type { RelatedMatch, RelatedMatcher } from "./related-matcher.ts";
import { termsOfTokens } from "./terms.ts";

/** What an article matched: the phrases it names, and those it matches through their strong terms. */
export interface ArticleMatches {
  named: ArticleMatch[];
  related: RelatedMatch[];
}

/**
 * Matches an article by name and, when a related matcher is given, through phrases' strong terms
 * (leaving out the phrases it names), tokenising its title and summary once for both: the
 * tokenising is as much work as either match.
 */
export function matchArticle(
  article: { title: string; summary?: string; language?: string },
  phrases: PhraseMatcher,
  related?: RelatedMatcher,
): ArticleMatches {
  const tokens = tokenizeArticle({ title: article.title, body: article.summary, language: article.language });
  const named = phrases.matchTokens(tokens);
  if (!related || related.size === 0) return { named, related: [] };
  return {
    named,
    related: related.match(
      termsOfTokens(tokens),
      named.map((m) => m.phrase),
    ),
  };
}
