/**
 * The advanced filters' writes: words muted within a topic, the kinds of source shown, the
 * languages shown, countries and subjects left out. Each list is a set on the person's one
 * filters item with its keys and its count; an addition is one conditional update on condition
 * the count is under the cap and the key is not there, so 30 parallel requests can neither pass
 * the cap nor add a value twice, and a refusal changes nothing.
 */
import { conditionally, getTogether } from "../../adapters/dynamo/index.ts";
import { badRequest, unauthorized, UnavailableError, type ErrorCode } from "../../lib/errors/index.ts";
import { phraseKey } from "../../lib/matching/index.ts";
import { requireFeature, type Plan } from "../../lib/plans/index.ts";
import * as Sources from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { nameKey, TOPIC_SEPARATOR } from "./filters.ts";
import { MuteListEntity } from "./mute-list.entity.ts";
import { FEED_KINDS, FILTER_LIMITS, FILTER_MESSAGES, LANGUAGE_CODE, MUTE_MESSAGES, type FeedKind } from "./rules.ts";
import { validWord } from "./words.ts";

/** A change that lost a race with another change of the item is tried again this often. */
const ATTEMPTS = 4;

/** The person's plan, read now (a downgrade takes effect at once); 401 for an account gone. */
export async function planOf(userId: string): Promise<Plan> {
  const { plan } = await getTogether({ plan: Users.planRead(userId) });
  if (!plan) throw unauthorized();
  return plan;
}

/** Refuses (403 plan_required) a person whose plan has no feed filters: nothing is added. */
export async function requireFilters(userId: string): Promise<void> {
  requireFeature(await planOf(userId), "filters");
}

/** One of the item's lists: the attribute of its values, of their keys (when not the values themselves), and of its count. */
interface ListOf {
  values: "topicWords" | "languages" | "countries" | "subjects";
  keys: "topicKeys" | "languages" | "countryKeys" | "subjectKeys";
  count: "topicCount" | "languageCount" | "countryCount" | "subjectCount";
  limit: number;
  duplicate: { message: string; code: ErrorCode };
  tooMany: string;
}

const LISTS = {
  topicWords: {
    values: "topicWords",
    keys: "topicKeys",
    count: "topicCount",
    limit: FILTER_LIMITS.maxTopicWords,
    duplicate: { message: FILTER_MESSAGES.topicWordDuplicate, code: "mute_duplicate" },
    tooMany: FILTER_MESSAGES.tooManyTopicWords,
  },
  languages: {
    values: "languages",
    keys: "languages",
    count: "languageCount",
    limit: FILTER_LIMITS.maxLanguages,
    duplicate: { message: FILTER_MESSAGES.languageDuplicate, code: "filter_duplicate" },
    tooMany: FILTER_MESSAGES.tooManyLanguages,
  },
  countries: {
    values: "countries",
    keys: "countryKeys",
    count: "countryCount",
    limit: FILTER_LIMITS.maxCountries,
    duplicate: { message: FILTER_MESSAGES.countryDuplicate, code: "filter_duplicate" },
    tooMany: FILTER_MESSAGES.tooManyCountries,
  },
  subjects: {
    values: "subjects",
    keys: "subjectKeys",
    count: "subjectCount",
    limit: FILTER_LIMITS.maxSubjects,
    duplicate: { message: FILTER_MESSAGES.subjectDuplicate, code: "filter_duplicate" },
    tooMany: FILTER_MESSAGES.tooManySubjects,
  },
} as const satisfies Record<string, ListOf>;

/** One list as stored, read consistently: a value added a moment ago is in it. */
async function storedList(userId: string, list: ListOf) {
  const { data } = await MuteListEntity.get({ userId }).go({ consistent: true });
  const item = (data ?? {}) as Partial<Record<string, unknown>>;
  return {
    values: (item[list.values] as string[] | undefined) ?? [],
    keys: new Set((item[list.keys] as string[] | undefined) ?? []),
    count: (item[list.count] as number | undefined) ?? 0,
  };
}

/**
 * Adds a value (with its key) to a list: one conditional update, on condition the list is under
 * its cap and holds no value of the same key. A refusal (a duplicate, the cap) changes nothing.
 */
async function addTo(userId: string, list: ListOf, value: string, key: string): Promise<void> {
  const separateKeys = list.keys !== list.values;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const added = await conditionally(
      MuteListEntity.update({ userId })
        .add({ [list.values]: [value], ...(separateKeys ? { [list.keys]: [key] } : {}), [list.count]: 1 })
        .set({ changedAt: Date.now() })
        .where(
          (attr, op) =>
            `(${op.notExists(attr[list.count])} OR ${op.lt(attr[list.count], list.limit)}) AND ${op.notContains(attr[list.keys], key)}`,
        )
        .go({ response: "none" }),
    );
    if (added) return;
    const current = await storedList(userId, list);
    if (current.keys.has(key)) throw badRequest(list.duplicate.message, list.duplicate.code);
    if (current.count >= list.limit) throw badRequest(list.tooMany, "limit_reached");
    // Changed between the update and the read (a value removed meanwhile): try again.
  }
  throw new UnavailableError();
}

/** Removes the value of a key from a list; removing one that is not there changes nothing. */
async function removeFrom(userId: string, list: ListOf, keyOf: (value: string) => string, key: string): Promise<void> {
  const separateKeys = list.keys !== list.values;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const value = (await storedList(userId, list)).values.find((v) => keyOf(v) === key);
    if (value === undefined) return;
    const removed = await conditionally(
      MuteListEntity.update({ userId })
        .delete({ [list.values]: [value], ...(separateKeys ? { [list.keys]: [key] } : {}) })
        .add({ [list.count]: -1 })
        .set({ changedAt: Date.now() })
        .where((attr, op) => op.contains(attr[list.values], value))
        .go({ response: "none" }),
    );
    if (removed) return;
  }
  throw new UnavailableError();
}

// Words muted within a topic.

const topicWordKey = (topic: string, word: string) => `${phraseKey(topic)}${TOPIC_SEPARATOR}${phraseKey(word)}`;
const storedTopicWordKey = (stored: string) => {
  const [topic = "", word = ""] = stored.split(TOPIC_SEPARATOR);
  return topicWordKey(topic, word);
};

/** The person's topic of that name (as they spell it), else 400: a word is muted within one of their own topics. */
async function ownTopic(userId: string, raw: string): Promise<string> {
  const key = phraseKey(raw.normalize("NFC").replace(/\s+/gu, " ").trim());
  const topic = key === "" ? undefined : (await Topics.listRaw(userId)).find((t) => phraseKey(t.topic) === key);
  if (!topic) throw badRequest(FILTER_MESSAGES.unknownTopic, "filter_unknown_topic");
  return topic.topic;
}

export async function addTopicWord(userId: string, rawTopic: string, rawWord: string): Promise<void> {
  const { word } = validWord(rawWord);
  await requireFilters(userId);
  const topic = await ownTopic(userId, rawTopic);
  await addTo(userId, LISTS.topicWords, `${topic}${TOPIC_SEPARATOR}${word}`, topicWordKey(topic, word));
}

export async function removeTopicWord(userId: string, topic: string, word: string): Promise<void> {
  await removeFrom(userId, LISTS.topicWords, storedTopicWordKey, topicWordKey(topic, word));
}

// The kinds of source shown.

/**
 * Sets the kinds of source shown (one write: a whole choice of at most three, so no cap to
 * race). Every kind chosen is stored as no choice at all: a kind added later shows too.
 */
export async function setKinds(userId: string, kinds: string[]): Promise<void> {
  const unknown = kinds.find((k) => !(FEED_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw badRequest(FILTER_MESSAGES.unknownKind, "filter_invalid");
  const chosen = FEED_KINDS.filter((k: FeedKind) => kinds.includes(k));
  if (chosen.length === 0) throw badRequest(FILTER_MESSAGES.kindsEmpty, "filter_kinds_empty");
  await requireFilters(userId);
  const update = MuteListEntity.update({ userId }).set({ changedAt: Date.now() });
  await (chosen.length === FEED_KINDS.length ? update.remove(["kinds"]) : update.set({ kinds: chosen })).go({
    response: "none",
  });
}

// Languages shown.

const languageOf = (raw: string) => {
  const code = raw.trim().toLowerCase();
  if (!LANGUAGE_CODE.test(code)) throw badRequest(FILTER_MESSAGES.badLanguage, "filter_invalid");
  return code;
};

export async function addLanguage(userId: string, raw: string): Promise<void> {
  const code = languageOf(raw);
  await requireFilters(userId);
  await addTo(userId, LISTS.languages, code, code);
}

export async function removeLanguage(userId: string, raw: string): Promise<void> {
  const code = raw.trim().toLowerCase();
  await removeFrom(userId, LISTS.languages, (v) => v, code);
}

// Countries and subjects left out.

/** A name within its length and of text only (as a muted word is), else 400. */
function validName(raw: string): string {
  const name = raw.normalize("NFC").replace(/\s+/gu, " ").trim();
  if (name === "" || [...name].length > FILTER_LIMITS.maxNameLength || /[\p{Cc}\p{Cs}]/u.test(name)) {
    throw badRequest(MUTE_MESSAGES.invalidCharacters, "filter_invalid");
  }
  return name;
}

/** The catalogue's spelling of a name among `known`, else 400 with `code`. */
function known(names: string[], raw: string, message: string, code: ErrorCode): string {
  const key = nameKey(validName(raw));
  const found = names.find((n) => nameKey(n) === key);
  if (found === undefined) throw badRequest(message, code);
  return found;
}

export async function addCountry(userId: string, raw: string): Promise<void> {
  validName(raw);
  await requireFilters(userId);
  const country = known(
    await Sources.Subjects.countries(),
    raw,
    FILTER_MESSAGES.unknownCountry,
    "filter_unknown_country",
  );
  await addTo(userId, LISTS.countries, country, nameKey(country));
}

export async function removeCountry(userId: string, raw: string): Promise<void> {
  await removeFrom(userId, LISTS.countries, nameKey, nameKey(raw));
}

export async function addSubject(userId: string, raw: string): Promise<void> {
  validName(raw);
  await requireFilters(userId);
  const subjects = (await Sources.Subjects.catalogue()).map((s) => s.subject);
  const subject = known(subjects, raw, FILTER_MESSAGES.unknownSubject, "filter_unknown_subject");
  await addTo(userId, LISTS.subjects, subject, nameKey(subject));
}

export async function removeSubject(userId: string, raw: string): Promise<void> {
  await removeFrom(userId, LISTS.subjects, nameKey, nameKey(raw));
}
