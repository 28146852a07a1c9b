/**
 * Tumble-word lists: which lists there are, their limits, and the rule a person's own written
 * terms follow — pure, so the page checks a draft with the very rule the server holds it to.
 */
import { BUILTIN_TOPICS } from "../topics/rules.ts";
import { THEME_IDS, THEMES, type ThemeId } from "./builtin.ts";

export { THEME_IDS, THEMES, type ThemeId } from "./builtin.ts";

/** The one list every plan has: graph's built-in topics (about 200). */
export const BUILTIN_LIST = "builtin";
/** The list made from the person's own topics and the related terms graph learnt for them. */
export const TOPICS_LIST = "topics";
/** The list the person writes themselves. */
export const WRITTEN_LIST = "mine";

export const TUMBLE_LIST_IDS = [BUILTIN_LIST, ...THEME_IDS, TOPICS_LIST, WRITTEN_LIST] as const;
export type TumbleListId = (typeof TUMBLE_LIST_IDS)[number];

export const isTumbleListId = (id: string): id is TumbleListId => (TUMBLE_LIST_IDS as readonly string[]).includes(id);

/** What each list is called on the page. */
export const TUMBLE_LIST_NAMES: Readonly<Record<TumbleListId, string>> = {
  builtin: "graph's topics",
  ...(Object.fromEntries(THEME_IDS.map((id) => [id, id])) as Record<ThemeId, string>),
  topics: "your topics",
  mine: "your list",
};

/** The terms of a list that is the same for everyone (none for a person's own). */
export function fixedTerms(id: TumbleListId): readonly string[] | undefined {
  if (id === BUILTIN_LIST) return BUILTIN_TOPICS;
  if ((THEME_IDS as readonly string[]).includes(id)) return THEMES[id as ThemeId];
  return undefined;
}

export const TUMBLE_LIMITS = {
  /** Terms a person's written list holds at most. */
  maxTerms: 500,
  /** Characters of one term at most. */
  maxLength: 60,
  /** Related terms taken of each of a person's topics for their topics' list. */
  relatedPerTopic: 5,
} as const;

export const TUMBLE_MESSAGES = {
  empty: "A term cannot be empty.",
  tooLong: `A term is at most ${TUMBLE_LIMITS.maxLength} characters.`,
  noLetters: "A term needs a letter.",
  invalidCharacters: "A term cannot hold control characters or broken text.",
  tooMany: `Your list holds at most ${TUMBLE_LIMITS.maxTerms} terms.`,
  listEmpty: "This list has no terms yet.",
  unknownList: "There is no such list.",
} as const;

/** Why a term is refused, as the API's error code says it. */
export type TermProblem = "term_empty" | "term_too_long" | "term_no_letters" | "term_invalid";

export const TERM_PROBLEM_MESSAGES: Readonly<Record<TermProblem, string>> = {
  term_empty: TUMBLE_MESSAGES.empty,
  term_too_long: TUMBLE_MESSAGES.tooLong,
  term_no_letters: TUMBLE_MESSAGES.noLetters,
  term_invalid: TUMBLE_MESSAGES.invalidCharacters,
};

/** Control characters and lone surrogates: no term holds them (a lone surrogate cannot be stored). */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;
const LETTER = /\p{L}/u;

/** A term as kept: composed form, white space collapsed and trimmed. */
export const cleanTerm = (raw: string) => raw.normalize("NFC").replace(/\s+/gu, " ").trim();

/** What makes two terms the same: case ignored. */
export const termKey = (term: string) => cleanTerm(term).toLocaleLowerCase("en");

/** What is wrong with a term as kept, if anything. */
export function termProblem(term: string): TermProblem | undefined {
  if (NOT_TEXT.test(term)) return "term_invalid";
  if (term === "") return "term_empty";
  if ([...term].length > TUMBLE_LIMITS.maxLength) return "term_too_long";
  if (!LETTER.test(term)) return "term_no_letters";
  return undefined;
}

export interface CheckedTerms {
  /** The terms as kept, in their order, the first spelling of each kept. */
  terms: string[];
  /** The first refused term, by its place among the terms given. */
  problem?: { index: number; term: string; code: TermProblem };
  /** Whether the distinct terms are more than the list holds. */
  tooMany: boolean;
}

/** Checks terms for a written list: cleaned, each checked, de-duplicated ignoring case. */
export function checkTerms(raw: readonly string[]): CheckedTerms {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const [index, given] of raw.entries()) {
    const term = cleanTerm(given);
    const code = termProblem(term);
    if (code) return { terms, problem: { index, term, code }, tooMany: false };
    const key = termKey(term);
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return { terms, tooMany: terms.length > TUMBLE_LIMITS.maxTerms };
}

/**
 * A term of `terms` picked uniformly at random, leaving out any in `avoid` (compared ignoring
 * case and spacing). When every term is to be avoided, any will do; with no terms, ''.
 * `random` answers in [0, 1), like Math.random.
 */
export function pickTerm(
  terms: readonly string[],
  avoid: readonly (string | null | undefined)[] = [],
  random: () => number = Math.random,
): string {
  if (terms.length === 0) return "";
  const avoided = new Set(avoid.map((a) => termKey(a ?? "")).filter((k) => k !== ""));
  const candidates = avoided.size === 0 ? terms : terms.filter((t) => !avoided.has(termKey(t)));
  const pool = candidates.length > 0 ? candidates : terms;
  const r = random();
  const index = Math.min(pool.length - 1, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * pool.length)));
  return pool[index] ?? pool[0] ?? "";
}
