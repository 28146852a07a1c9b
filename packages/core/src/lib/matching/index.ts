/** Text normalisation and the multi-phrase matcher shared by topics, articles and search. */
export {
  tokenize,
  phraseKey,
  displayTopic,
  foldPlural,
  foldsPlurals,
  primaryLanguage,
  type TokenizeOptions,
} from "./rules.ts";
export { articleLanguage, detectLanguage } from "./language.ts";
export { PhraseMatcher } from "./matcher.ts";
