/**
 * Feed filters: a person's muted words (articles naming them are hidden, from every source) and,
 * on plans with filters, the advanced filters beside them (words muted within a topic, the kinds
 * of source and the languages shown, countries and subjects of sources left out), applied
 * wherever graph shows them articles (the feed, the digest, the following feed, the Atom feed,
 * and search through `read` and `passes`). Muted words are matched as topics are (see
 * matcher.ts). All of it is one item; each change is one conditional update of it (see
 * mute-list.entity.ts). A plan without filters keeps them (listed, removable) but applies none.
 */
import { conditionally, itemRead } from "../../adapters/dynamo/index.ts";
import { badRequest, UnavailableError } from "../../lib/errors/index.ts";
import { planIncludes, type Plan } from "../../lib/plans/index.ts";
import { phraseKey } from "../../lib/matching/index.ts";
import * as Sources from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import { planOf, requireFilters } from "./advanced.ts";
import { applying } from "./apply.ts";
import {
  FILTER_ATTRIBUTES,
  hasAny,
  passes,
  storedOf,
  type FeedFilters,
  type FilterableArticle,
  type StoredFilters,
} from "./filters.ts";
import { MuteListEntity, type MuteList } from "./mute-list.entity.ts";
import { FEED_KINDS, FILTER_LIMITS, MUTE_LIMITS, MUTE_MESSAGES, type FeedKind } from "./rules.ts";
import { cleaned, validWord } from "./words.ts";

export {
  MUTE_LIMITS,
  MUTE_MESSAGES,
  FILTER_LIMITS,
  FILTER_MESSAGES,
  FEED_KINDS,
  kindOf,
  type FeedKind,
} from "./rules.ts";
export { purgeAccount } from "./purge.ts";
export { applying } from "./apply.ts";
export { passes, type FeedFilters, type FilterableArticle, type StoredFilters } from "./filters.ts";
export {
  addTopicWord,
  removeTopicWord,
  setKinds,
  addLanguage,
  removeLanguage,
  addCountry,
  removeCountry,
  addSubject,
  removeSubject,
} from "./advanced.ts";

/** A change that lost a race with another change of the list is tried again this often. */
const ATTEMPTS = 4;

/** The answer of the list's calls: the words, A to Z, and the limits the page states. */
export interface MuteListView {
  words: string[];
  maxWords: number;
  maxLength: number;
}

/** The muted words as stored, read consistently: a word muted a moment ago is in it. */
async function stored(userId: string) {
  const { data } = await MuteListEntity.get({ userId }).go({ consistent: true });
  return {
    words: [...(data?.words ?? [])].sort((a, b) => a.localeCompare(b)),
    keys: new Set(data?.keys ?? []),
    count: data?.count ?? 0,
  };
}

/** A person's filters as stored, for `getTogether` (with other reads of the person in one request). */
export const filtersRead = (userId: string) =>
  itemRead<MuteList, (typeof FILTER_ATTRIBUTES)[number], StoredFilters>(
    MuteListEntity,
    { userId },
    FILTER_ATTRIBUTES,
    storedOf,
    { consistent: true },
  );

async function storedFilters(userId: string): Promise<StoredFilters> {
  const { data } = await MuteListEntity.get({ userId }).go({ consistent: true, attributes: [...FILTER_ATTRIBUTES] });
  return storedOf(data ?? undefined);
}

/**
 * The filters that apply to a person now, from one read of their filters (and of their plan,
 * only when they keep any, unless the caller knows it): what `passes` answers with.
 */
export async function read(userId: string, plan?: Plan): Promise<FeedFilters> {
  const filters = await storedFilters(userId);
  if (!hasAny(filters)) return applying(filters, plan ?? "free");
  return applying(filters, plan ?? (await planOf(userId)));
}

/** The ids of the articles a person's filters hide (none to check when no filter applies). */
export function hiddenAmong(
  filters: FeedFilters,
  articles: Iterable<FilterableArticle & { articleId: string }>,
): Set<string> {
  const hidden = new Set<string>();
  if (!filters.active) return hidden;
  for (const article of articles) if (!passes(filters, article)) hidden.add(article.articleId);
  return hidden;
}

export async function list(userId: string): Promise<MuteListView> {
  const { words } = await stored(userId);
  return { words, maxWords: MUTE_LIMITS.maxWords, maxLength: MUTE_LIMITS.maxLength };
}

/**
 * Mutes a word or phrase (403 plan_required on a plan without filters). One conditional update
 * adds it on condition that the list is under its limit and holds no word of the same key (the
 * same after folding case, accents and plurals), so parallel requests keep both. A refusal
 * changes nothing.
 */
export async function add(userId: string, raw: string): Promise<MuteListView> {
  const { word, key } = validWord(raw);
  await requireFilters(userId);
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
 * word that is not muted changes nothing. Any plan may: a downgrade keeps the list removable.
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

/** What the feed tab shows of the advanced filters: each list, its caps, what may be chosen, and whether the plan applies them. */
export interface FiltersView {
  topicWords: Array<{ topic: string; word: string }>;
  /** The kinds of source shown (all three when none was chosen). */
  kinds: FeedKind[];
  languages: string[];
  countries: string[];
  subjects: string[];
  limits: typeof FILTER_LIMITS & { maxWordLength: number };
  /** Whether the person's plan applies filters now (else those kept are paused). */
  applies: boolean;
  /** What may be chosen: the person's topics, the countries graph's sources come from, the catalogue's subjects. */
  options: { kinds: readonly FeedKind[]; topics: string[]; countries: string[]; subjects: string[] };
}

export async function view(userId: string): Promise<FiltersView> {
  const [filters, plan, topics, countries, subjects] = await Promise.all([
    storedFilters(userId),
    planOf(userId),
    Topics.listRaw(userId),
    Sources.Subjects.countries(),
    Sources.Subjects.catalogue(),
  ]);
  return {
    topicWords: filters.topicWords,
    kinds: filters.kinds ?? [...FEED_KINDS],
    languages: filters.languages,
    countries: filters.countries,
    subjects: filters.subjects,
    limits: { ...FILTER_LIMITS, maxWordLength: MUTE_LIMITS.maxLength },
    applies: planIncludes(plan, "filters"),
    options: {
      kinds: FEED_KINDS,
      topics: topics.map((t) => t.topic).sort((a, b) => a.localeCompare(b)),
      countries,
      subjects: subjects.map((s) => s.subject).sort((a, b) => a.localeCompare(b)),
    },
  };
}

export { personData } from "./person-data.ts";
