import { tokenize } from "../../lib/matching/index.ts";

/** Words that say nothing of a subject: a query's other words decide. */
const FILLER = new Set("a an the and or of to in on at by for from with about how why what is are new".split(" "));

/** The words of a query that name its subject. */
export function queryWords(query: string): string[] {
  const words = tokenize(query).filter((w) => !FILLER.has(w));
  return words.length > 0 ? [...new Set(words)] : [...new Set(tokenize(query))];
}

/**
 * How much of the query a text names (0 to 1): the share of its subject words found among the
 * text's words. Outside items count as matching from one half up (a two-word query needs one
 * of them, a three-word query two).
 */
export function coverage(words: readonly string[], text: string): number {
  if (words.length === 0) return 0;
  const tokens = new Set(tokenize(text));
  return words.filter((w) => tokens.has(w)).length / words.length;
}

export const MATCHES_FROM = 0.5;

/** Whether a text names the query (or one of its expansions, whole). */
export function names(words: readonly string[], expansions: ReadonlyArray<readonly string[]>, text: string): boolean {
  if (coverage(words, text) >= MATCHES_FROM) return true;
  return expansions.some((e) => e.length > 0 && coverage(e, text) === 1);
}
