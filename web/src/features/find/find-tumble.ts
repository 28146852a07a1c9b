/** The 'tumble word': a random topic for the search field, never the one just shown. */
import { pickTerm } from "@graph/core/modules/tumble/rules";
import { TUMBLE_WORDS } from "./tumble-words.ts";

export { TUMBLE_WORDS };

/**
 * A word from `words` picked uniformly at random, leaving out any in `avoid` (compared ignoring
 * case and spacing): the server's own pick, so the page and the API pick alike.
 */
export const pickTumbleWord = pickTerm;

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
