/** Text normalisation and the multi-phrase matcher shared by topics, articles and search. */
export { tokenize, phraseKey, displayTopic, foldPlural } from "./rules.ts";
export { PhraseMatcher } from "./matcher.ts";
