import { planIncludes, type Plan } from "../../lib/plans/index.ts";
import { phraseKey } from "../../lib/matching/index.ts";
import type * as Sources from "../sources/index.ts";
import { muteMatcher, type MutableArticle, type MuteMatcher } from "./matcher.ts";
import type { MuteList } from "./mute-list.entity.ts";
import { FEED_KINDS, kindOf, type FeedKind } from "./rules.ts";

/** The separator of a word muted within a topic ("topic␟word"): a control character, which no word holds. */
export const TOPIC_SEPARATOR = "\u001f";

/** What a filter looks at of an article: its text (as muted words do), its source, and the topics it matched. */
export interface FilterableArticle extends MutableArticle {
  /** The article's source (countries and subjects are the source's); unknown for some stored picks. */
  sourceId?: string | undefined;
  sourceType: string;
  /** The person's topics it matched, as shown ("why this"): where a word muted within a topic applies. */
  topics?: readonly string[] | undefined;
}

/** A person's filters as stored, in the order the page lists them. */
export interface StoredFilters {
  words: string[];
  topicWords: Array<{ topic: string; word: string }>;
  /** The kinds of source shown; undefined: every kind. */
  kinds: FeedKind[] | undefined;
  languages: string[];
  countries: string[];
  subjects: string[];
  /** When any filter last changed (0: never). */
  changedAt: number;
}

/** The attributes of the list item every reader of filters reads. */
export const FILTER_ATTRIBUTES = [
  "words",
  "topicWords",
  "kinds",
  "languages",
  "countries",
  "subjects",
  "changedAt",
] as const satisfies ReadonlyArray<keyof MuteList>;
type Read = Pick<MuteList, (typeof FILTER_ATTRIBUTES)[number]>;

const byName = (a: string, b: string) => a.localeCompare(b);
const sorted = (values: string[] | undefined) => [...(values ?? [])].sort(byName);

export function storedOf(item: Partial<Read> | undefined): StoredFilters {
  const kinds = item?.kinds?.filter((k): k is FeedKind => (FEED_KINDS as readonly string[]).includes(k));
  return {
    words: sorted(item?.words),
    topicWords: sorted(item?.topicWords).map((pair) => {
      const [topic = "", word = ""] = pair.split(TOPIC_SEPARATOR);
      return { topic, word };
    }),
    kinds: kinds && kinds.length > 0 ? FEED_KINDS.filter((k) => kinds.includes(k)) : undefined,
    languages: sorted(item?.languages),
    countries: sorted(item?.countries),
    subjects: sorted(item?.subjects),
    changedAt: item?.changedAt ?? 0,
  };
}

/** Whether a person keeps any filter at all (none: nothing to apply, nothing more to read). */
export const hasAny = (s: StoredFilters) =>
  s.words.length > 0 ||
  s.topicWords.length > 0 ||
  s.kinds !== undefined ||
  s.languages.length > 0 ||
  s.countries.length > 0 ||
  s.subjects.length > 0;

/**
 * A person's filters, ready to answer for any number of articles (`passes`): built once from one
 * read of the list item (and, only for someone who leaves countries or subjects out, one read of
 * the catalogue's source facts).
 */
export interface FeedFilters {
  /** Whether any filter applies: when false, every article passes and nothing needs reading. */
  readonly active: boolean;
  /** Whether the person keeps filters their plan does not apply now (they apply again on upgrade). */
  readonly paused: boolean;
  /** When the filters last changed (0: never): a feed made before then may show what they hide. */
  readonly changedAt: number;
  /** Whether judging an article needs its summary (muted words look in it), beyond what a pick keeps. */
  readonly readsText: boolean;
  readonly words: MuteMatcher;
  /** Topic key → the words muted within it. */
  readonly withinTopics: ReadonlyMap<string, MuteMatcher>;
  readonly kinds: ReadonlySet<FeedKind> | undefined;
  readonly languages: ReadonlySet<string>;
  readonly countries: ReadonlySet<string>;
  readonly subjects: ReadonlySet<string>;
  readonly sources: Sources.Subjects.SourceFacts | undefined;
}

const NOTHING: FeedFilters = {
  active: false,
  paused: false,
  changedAt: 0,
  readsText: false,
  words: muteMatcher([]),
  withinTopics: new Map(),
  kinds: undefined,
  languages: new Set(),
  countries: new Set(),
  subjects: new Set(),
  sources: undefined,
};

/** Whether a plan applies filters at all. */
export const planIncludesFilters = (plan: Plan) => planIncludes(plan, "filters");

/** Whether a person's filters leave out sources by country or subject (judging them needs the catalogue's source facts). */
export const bySource = (stored: StoredFilters) => stored.countries.length > 0 || stored.subjects.length > 0;

/**
 * The filters that apply to a person on `plan`: none while the plan lacks filters (kept, and
 * said to be paused, so an upgrade applies them again), else all they keep. `sources` are the
 * catalogue's facts, read by the caller when `bySource` says they are needed.
 */
export function filtersOf(stored: StoredFilters, plan: Plan, sources?: Sources.Subjects.SourceFacts): FeedFilters {
  if (!hasAny(stored)) return { ...NOTHING, changedAt: stored.changedAt };
  if (!planIncludesFilters(plan)) return { ...NOTHING, paused: true, changedAt: stored.changedAt };
  const withinTopics = new Map<string, string[]>();
  for (const { topic, word } of stored.topicWords) {
    const key = phraseKey(topic);
    withinTopics.set(key, [...(withinTopics.get(key) ?? []), word]);
  }
  return {
    active: true,
    paused: false,
    changedAt: stored.changedAt,
    readsText: stored.words.length > 0 || stored.topicWords.length > 0,
    words: muteMatcher(stored.words),
    withinTopics: new Map([...withinTopics].map(([key, words]) => [key, muteMatcher(words)])),
    kinds: stored.kinds ? new Set(stored.kinds) : undefined,
    languages: new Set(stored.languages),
    countries: new Set(stored.countries.map(nameKey)),
    subjects: new Set(stored.subjects.map(nameKey)),
    sources: bySource(stored) ? sources : undefined,
  };
}

/** A country's or subject's name compared as the page can type it: case and accents aside. */
export const nameKey = (name: string) =>
  name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/gu, " ").trim();

/** An article's language as the filters compare it: the primary subtag, lower case ("pt-BR" → "pt"). */
const primaryLanguage = (language: string) => language.toLowerCase().split(/[-_]/u)[0]!;

/**
 * Whether an article passes a person's filters: its source's kind is one they show, its language
 * one they show, its source's country and subject not left out, and it names no muted word (nor a
 * word muted within a topic it matched). What cannot be told passes: an article of no known
 * language, and a source of no known country or subject (suggested sources, and catalogue feeds
 * that are on no national list), since a filter hides only what it knows to be what it names.
 */
export function passes(filters: FeedFilters, article: FilterableArticle): boolean {
  if (!filters.active) return true;
  if (filters.kinds && !filters.kinds.has(kindOf(article.sourceType))) return false;
  if (filters.languages.size > 0 && article.language && !filters.languages.has(primaryLanguage(article.language))) {
    return false;
  }
  if (filters.sources && article.sourceId) {
    const country = filters.sources.countries.get(article.sourceId);
    if (country !== undefined && filters.countries.has(nameKey(country))) return false;
    const subject = filters.sources.subjects.get(article.sourceId);
    if (subject !== undefined && filters.subjects.has(nameKey(subject))) return false;
  }
  if (filters.words.size > 0 && filters.words.hides(article)) return false;
  if (filters.withinTopics.size > 0) {
    for (const topic of article.topics ?? []) {
      if (filters.withinTopics.get(phraseKey(topic))?.hides(article)) return false;
    }
  }
  return true;
}
