import { tokenize } from "../../lib/matching/index.ts";
import { MAX_QUERY_CHARS } from "./rules.ts";

/** Words beyond these are ignored: they would only widen an already specific query. */
export const MAX_QUERY_TERMS = 8;
/** The last word matches as a prefix ('quant' → 'quantum') once it has this many characters. */
export const MIN_PREFIX_LENGTH = 2;

/**
 * A query as the index reads it. Words go through the same `tokenize` as articles do, so case,
 * accents and plurals fold alike on both sides ('Cafés' finds 'café'); punctuation and symbols
 * only separate words, so nothing typed is an operator and nothing typed can fail.
 */
export interface ParsedQuery {
  /** Distinct words, in the order typed. */
  terms: string[];
  /** All the words, in the order typed. */
  tokens: string[];
  /** The words in the order typed, joined by one space: what an exact phrase match looks for. */
  phrase: string;
  /** The last word, when it also matches as the start of a longer word (as you type). */
  prefixTerm: string | undefined;
}

export function parseQuery(q: string): ParsedQuery {
  const tokens = tokenize(q.slice(0, MAX_QUERY_CHARS)).slice(0, MAX_QUERY_TERMS);
  const last = tokens[tokens.length - 1];
  return {
    terms: [...new Set(tokens)],
    tokens,
    phrase: tokens.join(" "),
    prefixTerm: last !== undefined && last.length >= MIN_PREFIX_LENGTH ? last : undefined,
  };
}
