/**
 * Muted words: a person's list of words and phrases that hide any article naming them, from
 * every source, wherever graph shows them articles (the feed, the digest, the following feed).
 * Matched as topics are (see matcher.ts). The list is one item; each change is one conditional
 * update of it (see mute-list.entity.ts).
 */
import { conditionally, itemRead } from "../../adapters/dynamo/index.ts";
import { badRequest, UnavailableError } from "../../lib/errors/index.ts";
import { phraseKey } from "../../lib/matching/index.ts";
import { hiddenAmong, muteMatcher, type MutableArticle, type MuteMatcher } from "./matcher.ts";
import { MuteListEntity, type MuteList } from "./mute-list.entity.ts";
import { MUTE_LIMITS, MUTE_MESSAGES } from "./rules.ts";

export { muteMatcher, type MutableArticle, type MuteMatcher } from "./matcher.ts";
export { MUTE_LIMITS, MUTE_MESSAGES } from "./rules.ts";
export { purgeAccount } from "./purge.ts";

/** A change that lost a race with another change of the list is tried again this often. */
const ATTEMPTS = 4;

/** The answer of the list's calls: the words, A to Z, and the limits the page states. */
export interface MuteListView {
  words: string[];
  maxWords: number;
  maxLength: number;
}

/** What a reader of articles needs of a person's list. */
export interface Mutes {
  words: string[];
  matcher: MuteMatcher;
  /** When the list last changed (0: never): a feed made before then may show muted articles. */
  changedAt: number;
}

/** The list as stored, read consistently: a word muted a moment ago is in it. */
async function stored(userId: string) {
  const { data } = await MuteListEntity.get({ userId }).go({ consistent: true });
  return {
    words: sortedWords(data?.words),
    keys: new Set(data?.keys ?? []),
    count: data?.count ?? 0,
    changedAt: data?.changedAt ?? 0,
  };
}

const sortedWords = (words: string[] | undefined) => [...(words ?? [])].sort((a, b) => a.localeCompare(b));

const mutesOf = (list: Pick<MuteList, "words" | "changedAt"> | undefined): Mutes => {
  const words = sortedWords(list?.words);
  return { words, matcher: muteMatcher(words), changedAt: list?.changedAt ?? 0 };
};

/** A person's muted words, with a matcher over them. */
export async function read(userId: string): Promise<Mutes> {
  const { words, changedAt } = await stored(userId);
  return { words, matcher: muteMatcher(words), changedAt };
}

/** What `read` answers, as a read for `getTogether` (with other reads of the person in one request). */
export const mutesRead = (userId: string) =>
  itemRead<MuteList, "words" | "changedAt", Mutes>(MuteListEntity, { userId }, ["words", "changedAt"], mutesOf, {
    consistent: true,
  });

export async function list(userId: string): Promise<MuteListView> {
  const { words } = await stored(userId);
  return { words, maxWords: MUTE_LIMITS.maxWords, maxLength: MUTE_LIMITS.maxLength };
}

/** A word as kept: white space collapsed and trimmed, in composed form. */
const cleaned = (raw: string) => raw.normalize("NFC").replace(/\s+/gu, " ").trim();

/**
 * Control characters (C0, DEL, C1) and lone surrogates: no word holds them, and a lone surrogate
 * cannot even be stored (UTF-8 has no form for it). White space among them is collapsed first.
 */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;

/**
 * The word as kept and its matching key; refuses a word that is empty, too long, holds what is
 * not text, or folds to nothing.
 */
function validWord(raw: string): { word: string; key: string } {
  const word = cleaned(raw);
  if (NOT_TEXT.test(word)) throw badRequest(MUTE_MESSAGES.invalidCharacters, "mute_invalid");
  if (word === "") throw badRequest(MUTE_MESSAGES.empty, "mute_empty");
  if ([...word].length > MUTE_LIMITS.maxLength) throw badRequest(MUTE_MESSAGES.tooLong, "mute_too_long");
  const key = phraseKey(word);
  if (key === "") throw badRequest(MUTE_MESSAGES.noLetters, "mute_no_letters");
  return { word, key };
}

/**
 * Mutes a word or phrase. One conditional update adds it on condition that the list is under
 * its limit and holds no word of the same key (the same after folding case, accents and
 * plurals), so parallel requests keep both. A refusal changes nothing.
 */
export async function add(userId: string, raw: string): Promise<MuteListView> {
  const { word, key } = validWord(raw);
  const limit: number = MUTE_LIMITS.maxWords;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const added = await conditionally(
      MuteListEntity.update({ userId })
        .add({ words: [word], keys: [key], count: 1 })
        .set({ changedAt: Date.now() })
        .where(
          (attr, op) =>
            `(${op.notExists(attr.count)} OR ${op.lt(attr.count, limit)}) AND ${op.notContains(attr.keys, key)}`,
        )
        .go({ response: "none" }),
    );
    if (added) return list(userId);
    const current = await stored(userId);
    if (current.keys.has(key)) throw badRequest(MUTE_MESSAGES.duplicate, "mute_duplicate");
    if (current.count >= limit) throw badRequest(MUTE_MESSAGES.tooMany, "limit_reached");
    // Changed between the update and the read (a word removed meanwhile): try again.
  }
  throw new UnavailableError();
}

/**
 * Unmutes a word: the muted word of the same key (so "Crypto" unmutes "crypto"). Unmuting a
 * word that is not muted changes nothing.
 */
export async function remove(userId: string, raw: string): Promise<MuteListView> {
  const key = phraseKey(cleaned(raw));
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const current = await stored(userId);
    const word = current.words.find((w) => phraseKey(w) === key);
    if (key === "" || word === undefined) return list(userId);
    const removed = await conditionally(
      MuteListEntity.update({ userId })
        .delete({ words: [word], keys: [key] })
        .add({ count: -1 })
        .set({ changedAt: Date.now() })
        .where((attr, op) => `${op.contains(attr.words, word)} AND ${op.contains(attr.keys, key)}`)
        .go({ response: "none" }),
    );
    if (removed) return list(userId);
  }
  throw new UnavailableError();
}

/**
 * The ids of the articles a person's muted words hide (by title and summary, in each article's
 * language). Takes the person's id, or a matcher read before (a caller that checks articles in
 * rounds reads the list once).
 */
export async function mutedAmong(
  person: string | MuteMatcher,
  articles: ReadonlyArray<MutableArticle & { articleId: string }>,
): Promise<Set<string>> {
  if (articles.length === 0) return new Set();
  const matcher = typeof person === "string" ? (await read(person)).matcher : person;
  return hiddenAmong(matcher, articles);
}
export { personData } from "./person-data.ts";
