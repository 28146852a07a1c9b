import { badRequest } from "../../lib/errors/index.ts";
import { phraseKey } from "../../lib/matching/index.ts";
import { MUTE_LIMITS, MUTE_MESSAGES } from "./rules.ts";

/** A word as kept: white space collapsed and trimmed, in composed form. */
export const cleaned = (raw: string) => raw.normalize("NFC").replace(/\s+/gu, " ").trim();

/**
 * Control characters (C0, DEL, C1) and lone surrogates: no word holds them, and a lone surrogate
 * cannot even be stored (UTF-8 has no form for it). White space among them is collapsed first.
 */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;

/**
 * The word as kept and its matching key; refuses a word that is empty, too long, holds what is
 * not text, or folds to nothing.
 */
export function validWord(raw: string): { word: string; key: string } {
  const word = cleaned(raw);
  if (NOT_TEXT.test(word)) throw badRequest(MUTE_MESSAGES.invalidCharacters, "mute_invalid");
  if (word === "") throw badRequest(MUTE_MESSAGES.empty, "mute_empty");
  if ([...word].length > MUTE_LIMITS.maxLength) throw badRequest(MUTE_MESSAGES.tooLong, "mute_too_long");
  const key = phraseKey(word);
  if (key === "") throw badRequest(MUTE_MESSAGES.noLetters, "mute_no_letters");
  return { word, key };
}
