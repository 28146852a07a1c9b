import { eng, deu, fra, ita, nld, por, spa } from "stopword";
import { StringIds, tokenize, tokenizeArticle, type ArticleTokens } from "../../lib/matching/index.ts";

/** Distinct terms kept of one article at most (title first, then summary): a bound per article. */
export const MAX_TERMS_PER_ARTICLE = 80;
/** Shorter tokens are never terms ('ai', 'uk', 'go' say too little alone). */
const MIN_TERM_LENGTH = 3;

/** Whether a token has a digit (ASCII or any other script's). */
function hasDigit(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
    if (c > 127) return /\p{Nd}/u.test(token);
  }
  return false;
}

/**
 * Words that never count, folded as article text is: the `stopword` package's lists for the
 * Latin-script languages graph reads most, and a few words news text uses everywhere that those
 * lists leave out. Terms frequent in the background are dropped by significance as well; this
 * list only keeps the commonest out of every count.
 */
// prettier-ignore
const NEWS_WORDS = [
  "said", "says", "say", "new", "news", "year", "years", "week", "weeks", "day", "days", "today",
  "month", "months", "time", "times", "just", "like", "make", "made", "many", "much", "more",
  "most", "one", "two", "three", "first", "last", "next", "now", "still", "way", "ways", "get",
  "got", "will", "would", "could", "should", "may", "might", "can", "also", "even", "well",
  "back", "take", "use", "used", "using", "part", "people", "thing", "things", "know", "see",
  "look", "want", "need", "good", "best", "better", "big", "small", "long", "high", "low",
  "read", "via", "according", "including", "report", "reports", "update", "latest", "here",
  "there", "what", "which", "who", "whom", "whose", "why", "how", "when", "where", "this",
  "that", "these", "those", "the", "and", "for", "with", "from", "into", "onto", "over",
  "under", "about", "after", "before", "while", "than", "then", "they", "them", "their",
  "our", "your", "its", "his", "her", "she", "him", "you", "are", "was", "were", "been",
  "being", "has", "have", "had", "does", "did", "doing", "done", "not", "but", "all", "any",
  "some", "each", "every", "other", "another", "such", "only", "own", "same", "very", "too",
  "off", "out", "why", "yet", "per", "around", "across", "through", "during", "without",
  "within", "against", "among", "between", "because", "though", "although", "whether",
];

/**
 * Every token of every article is looked up here: in a `StringIds`, found with one read of memory.
 * Built at the first look-up, not at import: folding the lists takes a while, and most functions
 * that load this module never read an article's terms.
 */
let stopwords: StringIds | undefined;

function stopwordIds(): StringIds {
  if (stopwords) return stopwords;
  stopwords = new StringIds();
  // Folded as English text is and as other languages' text is (whose plurals do not fold).
  for (const word of [...eng, ...fra, ...deu, ...spa, ...ita, ...por, ...nld, ...NEWS_WORDS]) {
    for (const token of [...tokenize(word), ...tokenize(word, { language: "fr" })]) stopwords.set(token, 0);
  }
  return stopwords;
}

/** Whether a token can never be a term: a stopword, a number, or too short. */
export function isIgnored(token: string): boolean {
  return token.length < MIN_TERM_LENGTH || stopwordIds().has(token) || hasDigit(token);
}

/**
 * The terms of an article: the distinct content tokens of its title and summary, folded as
 * topics are (`tokenize`, the article's language deciding plural folding), without stopwords,
 * numbers or very short tokens, at most MAX_TERMS_PER_ARTICLE of them.
 */
export function termsOf(article: { title: string; summary?: string; language?: string }): string[] {
  return termsOfTokens(tokenizeArticle({ title: article.title, body: article.summary, language: article.language }));
}

/** `termsOf` an article already tokenised (`tokenizeArticle`), title first. */
export function termsOfTokens(article: ArticleTokens): string[] {
  const terms: string[] = [];
  seen.clear();
  for (const tokens of [article.title, article.body]) {
    for (const token of tokens) {
      if (terms.length >= MAX_TERMS_PER_ARTICLE) return terms;
      if (isIgnored(token) || !seen.add(token, 0)) continue;
      terms.push(token);
    }
  }
  return terms;
}

/** The terms taken so far from the article being read: one table reused, not a set per article. */
const seen = new StringIds(MAX_TERMS_PER_ARTICLE);
