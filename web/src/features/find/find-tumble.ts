/** The 'tumble word': a random topic for the search field, never the one just shown. */
import { TUMBLE_WORDS } from "./tumble-words.ts";

export { TUMBLE_WORDS };

function key(word: string | null | undefined): string {
  return (word ?? "").trim().replace(/\s+/gu, " ").toLocaleLowerCase();
}

/**
 * A word from `words` picked uniformly at random, leaving out any in `avoid` (compared ignoring
 * case and spacing). When every word is to be avoided, any word will do; with no words, ''.
 * `random` answers in [0, 1), like Math.random.
 */
export function pickTumbleWord(
  words: readonly string[],
  avoid: readonly (string | null | undefined)[] = [],
  random: () => number = Math.random,
): string {
  if (words.length === 0) return "";
  const avoided = new Set(avoid.map(key).filter((k) => k !== ""));
  const candidates = avoided.size === 0 ? words : words.filter((w) => !avoided.has(key(w)));
  const pool = candidates.length > 0 ? candidates : words;
  const r = random();
  const index = Math.min(pool.length - 1, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * pool.length)));
  return pool[index] ?? pool[0] ?? "";
}

/** A tumbler that remembers its last word, so two presses in a row never give the same one. */
export function createTumbler(words: readonly string[] = TUMBLE_WORDS, random: () => number = Math.random) {
  let last: string | null = null;
  return {
    /** The next word; `showing` (what the field holds now) is avoided as well. */
    next(showing?: string | null): string {
      last = pickTumbleWord(words, [last, showing], random);
      return last;
    },
    get last(): string | null {
      return last;
    },
  };
}
