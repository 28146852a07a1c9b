import { eng, deu, fra, ita, nld, por, spa } from "stopword";
import { tokenize } from "../../lib/matching/index.ts";

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

const STOPWORDS = new Set(
  // Folded as English text is and as other languages' text is (whose plurals do not fold).
  [...eng, ...fra, ...deu, ...spa, ...ita, ...por, ...nld, ...NEWS_WORDS].flatMap((word) => [
    ...tokenize(word),
    ...tokenize(word, { language: "fr" }),
  ]),
);

/** Whether a token can never be a term: a stopword, a number, or too short. */
export function isIgnored(token: string): boolean {
  return token.length < MIN_TERM_LENGTH || STOPWORDS.has(token) || hasDigit(token);
}

/**
 * The terms of an article: the distinct content tokens of its title and summary, folded as
 * topics are (`tokenize`, the article's language deciding plural folding), without stopwords,
 * numbers or very short tokens, at most MAX_TERMS_PER_ARTICLE of them.
 */
export function termsOf(article: { title: string; summary?: string; language?: string }): string[] {
  const options = article.language === undefined ? undefined : { language: article.language };
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const text of [article.title, article.summary ?? ""]) {
    for (const token of tokenize(text, options)) {
      if (terms.length >= MAX_TERMS_PER_ARTICLE) return terms;
      if (isIgnored(token) || seen.has(token)) continue;
      seen.add(token);
      terms.push(token);
    }
  }
  return terms;
}
