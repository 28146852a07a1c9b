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
