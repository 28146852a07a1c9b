/**
 * Loose text matching for the catalogue stand-ins (Open Library, TMDB). The real services
 * find "amelie" for "Amélie", "hail mary project" for "Project Hail Mary" and "enders game" for
 * "Ender's Game"; clients written against them rely on that, so the stand-ins match the same way.
 */

const LIGATURES: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower case, accents dropped, apostrophes removed ("ender's" → "enders"), other punctuation a space. */
export function fold(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[ßæœøłđðþı]/g, (c) => LIGATURES[c] ?? c)
      // French and Italian elisions are two words ("d'une" is "d une", not "dune"); other
      // apostrophes join ("ender's" is "enders").
      .replace(/\b(qu|[cdjlmnst])['’](?=\p{L})/gu, "$1 ")
      .replace(/['’‘`´]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

export function tokens(text: string): string[] {
  const folded = fold(text);
  return folded ? folded.split(" ") : [];
}

/** Words a query may carry that a title lacks ("the lord of rings"): they never make a miss. */
const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "in",
  "on",
  "to",
  "for",
  "at",
  "by",
  "with",
  "or",
  "le",
  "la",
  "les",
  "l",
  "un",
  "une",
  "de",
  "des",
  "du",
  "et",
  "el",
  "los",
  "las",
  "y",
  "der",
  "die",
  "das",
  "und",
  "il",
  "lo",
  "gli",
  "i",
]);

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}

/** Scripts written without spaces between words (Japanese, Chinese, Thai): matched inside words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

const stem = (token: string) => (token.length > 3 && token.endsWith("s") ? token.slice(0, -1) : token);

/** Whether a query word matches a word of the text: the same word, its plural, or its start (4+ letters). */
export function wordMatches(query: string, word: string): boolean {
  if (query === word || stem(query) === stem(word)) return true;
  return query.length >= 4 && word.startsWith(query);
}

/** A text prepared once for many matches. */
export interface Indexed {
  folded: string;
  words: string[];
}

export function indexed(text: string): Indexed {
  const folded = fold(text);
  return { folded, words: folded ? folded.split(" ") : [] };
}

/** Whether the query word occurs in the text, loosely. */
export function occursIn(query: string, text: Indexed): boolean {
  if (UNSPACED.test(query)) return text.folded.includes(query);
  return text.words.some((word) => wordMatches(query, word));
}

/**
 * Whether every word of the query occurs in one of the texts; stopwords may be missing.
 * An empty query matches nothing.
 */
export function allOccur(queryWords: string[], texts: Indexed[]): boolean {
  const meaningful = queryWords.filter((w) => !isStopword(w));
  const required = meaningful.length > 0 ? meaningful : queryWords;
  if (required.length === 0) return false;
  return required.every((w) => texts.some((t) => occursIn(w, t)));
}

/**
 * How well a title answers a free-text query, for ranking: the exact title first, then the
 * same words in another order, then titles starting with the query, then titles holding every
 * word; within each class, the caller breaks ties (the more read or watched first).
 */
export function titleScore(queryWords: string[], title: Indexed): number {
  const query = queryWords.join(" ");
  if (!query) return 0;
  if (title.folded === query) return 1000;
  const content = (words: string[]) => words.filter((w) => !isStopword(w));
  const q = content(queryWords);
  const t = content(title.words);
  const sameWords = q.length > 0 && q.length === t.length && q.every((w) => t.some((x) => wordMatches(w, x)));
  if (sameWords) return 900;
  if (title.folded.startsWith(query)) return 600;
  const inTitle = q.filter((w) => occursIn(w, title)).length;
  if (q.length > 0 && inTitle === q.length) return 400;
  return inTitle * 20;
}
