/** Text normalisation and the multi-phrase matcher shared by topics, articles and search. */
export {
  tokenize,
  tokenizeArticle,
  phraseKey,
  displayTopic,
  foldPlural,
  foldsPlurals,
  primaryLanguage,
  type ArticleTokens,
  type TokenizeOptions,
} from "./rules.ts";
export { articleLanguage, detectLanguage } from "./language.ts";
export { PhraseMatcher, type ArticleMatch } from "./matcher.ts";
export { ABSENT, StringIds } from "./string-ids.ts";
