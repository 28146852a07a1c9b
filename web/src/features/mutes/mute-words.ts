/** Muted words on the feed tab: the list's shape (from the API), the limits, and the texts shown. */
import { MUTE_LIMITS } from "@graph/core/modules/mutes/rules";
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";

/** `GET /api/mutes`: the words, A to Z, and the limits. */
export type MuteList = InferResponseType<typeof client.api.mutes.$get, 200>;

export { MUTE_LIMITS };

export const MUTE_FAILED = "couldn't mute that word. please try again.";
export const UNMUTE_FAILED = "couldn't unmute that word. please try again.";

/** What the field's text mutes: white space collapsed and trimmed, as the server keeps it. */
export const cleanWord = (raw: string) => raw.replace(/\s+/gu, " ").trim();

/** Whether the page may send the field's text: something typed, within the length, room left. */
export function canMute(list: MuteList | undefined, raw: string): boolean {
  const word = cleanWord(raw);
  if (word === "" || [...word].length > (list?.maxLength ?? MUTE_LIMITS.maxLength)) return false;
  return list === undefined || list.words.length < list.maxWords;
}

const byName = (a: string, b: string) => a.localeCompare(b);
/** Compared as the page can without the server's folding: case and accents aside. */
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base" }) === 0;

/** The list with a word added (in order; unchanged when it is there already). */
export function withWord(list: MuteList, word: string): MuteList {
  if (list.words.some((w) => same(w, word))) return list;
  return { ...list, words: [...list.words, word].sort(byName) };
}

/** The list without the word (unchanged when it is not there). */
export function withoutWord(list: MuteList, word: string): MuteList {
  return { ...list, words: list.words.filter((w) => w !== word) };
}

/** What the limits line says. */
export const limitsText = (list: Pick<MuteList, "maxWords" | "maxLength">) =>
  `up to ${list.maxWords} words or phrases, each at most ${list.maxLength} characters. capitals, accents and plurals don't matter: muting "election" hides "Elections" too.`;
