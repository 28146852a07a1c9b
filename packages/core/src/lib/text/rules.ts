/** Rules about text that every kind of name and message shares. Pure: the pages use them too. */

/**
 * Text that shows nothing: whitespace, control characters, format characters (Cf: zero-width
 * space and joiners, word joiner, byte-order mark, soft hyphen, bidi marks and isolates, tags)
 * and the other default-ignorable code points (variation selectors, Hangul fillers, the combining
 * grapheme joiner), the blank Braille pattern (U+2800), which is drawn as nothing, and
 * non-spacing marks, which without a letter to sit on mark nothing.
 */
const SHOWS_NOTHING = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\p{Mn}]*$/u;

/**
 * Whether text would show nothing (empty, or only invisible characters): such a message is
 * refused as empty, and such a name (a conversation's, a topic) is no name.
 */
export const showsNothing = (text: string): boolean => SHOWS_NOTHING.test(text);

/** What sites put between a title and their own name: " - ", " – ", " — ", " | ", " · ". */
const SUFFIX_SEPARATOR = /\s+[-–—|·]\s+/gu;

/** A name as compared: letters and digits only, in lower case ("The Harbor-Ledger" → "theharborledger"). */
const nameKey = (name: string) =>
  name
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * A title without a trailing " - Source name" (or " | ", " — ", " – ", " · ") when that tail is
 * the source's own name, which the card already shows beside it. The name is compared by its
 * letters and digits, case aside; a tail that differs, or one that would leave nothing, stays.
 */
export function withoutSourceSuffix(title: string, sourceName: string | undefined): string {
  const source = sourceName ? nameKey(sourceName) : "";
  if (source.length === 0) return title;
  const trimmed = title.trimEnd();
  let last: RegExpExecArray | undefined;
  for (const match of trimmed.matchAll(SUFFIX_SEPARATOR)) last = match;
  if (!last) return title;
  const head = trimmed.slice(0, last.index);
  const tail = trimmed.slice(last.index + last[0].length);
  if (nameKey(tail) !== source || showsNothing(head)) return title;
  return head;
}
