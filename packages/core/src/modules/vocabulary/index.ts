/**
 * Vocabulary: the terms significant for each topic phrase, learnt from the trusted articles
 * that name it against a background of recent articles, and the related matcher that matches an
 * article to a phrase it never names through enough of those terms.
 */
export { termsOf, termsOfTokens, MAX_TERMS_PER_ARTICLE } from "./terms.ts";
export { matchArticle, type ArticleMatches } from "./match-article.ts";
export {
  strongTerms,
  changedMaterially,
  MIN_FOREGROUND_ARTICLES,
  MIN_RELATED_TERMS,
  MIN_RELATED_WEIGHT,
  STRONG_TERMS_PER_PHRASE,
  type Background,
  type Foreground,
  type StrongTerm,
} from "./significance.ts";
export { RelatedMatcher, MAX_VIA_TERMS, type RelatedMatch } from "./related-matcher.ts";
export { learn, relearnAll, strongTermsOf, strongTermsOfMany, type NamingArticle } from "./foreground.ts";
export {
  BackgroundBuilder,
  BUILD_REQUEST_MS,
  currentBackground,
  forgetBackground,
  MAX_BACKGROUND_ARTICLES,
  requestBackground,
} from "./background.ts";
export { currentRelated } from "./related.ts";
