/** Muted words: the limits the server enforces and the page states, and the refusals' messages. */
export const MUTE_LIMITS = { maxWords: 50, maxLength: 60 } as const;

export const MUTE_MESSAGES = {
  empty: "Type a word or phrase to mute.",
  tooLong: `A muted word or phrase is at most ${MUTE_LIMITS.maxLength} characters.`,
  noLetters: "A muted word needs a letter or a digit.",
  invalidCharacters: "A muted word cannot hold control characters or broken text.",
  duplicate: "That word is muted already.",
  tooMany: `You can mute at most ${MUTE_LIMITS.maxWords} words.`,
} as const;

/**
 * The advanced filters (plans with `filters`), beside the muted words: words muted within one of
 * the person's topics, the kinds of source shown, the languages shown, and countries and
 * subjects of sources left out. Each list is held to its cap the way the muted words are.
 */
export const FILTER_LIMITS = {
  /** Words muted within a topic, over all topics. */
  maxTopicWords: 50,
  maxLanguages: 20,
  maxCountries: 30,
  maxSubjects: 30,
  /** A country's or a subject's name as the catalogue spells it. */
  maxNameLength: 80,
} as const;

/**
 * The kinds of source a person may choose to see: web (feeds of sites), YouTube channels,
 * Bluesky accounts. Every source type is one of them (`kindOf`).
 */
export const FEED_KINDS = ["web", "youtube", "bluesky"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * The kind of a source type. A post of a microblog other than Bluesky (none is read today) counts
 * as web, so choosing "web" never hides a kind nobody can choose.
 */
export const kindOf = (sourceType: string): FeedKind =>
  sourceType === "youtube" ? "youtube" : sourceType === "bluesky" ? "bluesky" : "web";

/** A language as articles record it: a BCP 47 primary subtag ("en", "ja", "haw"). */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/;

export const FILTER_MESSAGES = {
  unknownTopic: "Pick one of your topics to mute the word within.",
  topicWordDuplicate: "That word is muted within that topic already.",
  tooManyTopicWords: `You can mute at most ${FILTER_LIMITS.maxTopicWords} words within topics.`,
  kindsEmpty: "Choose at least one kind of source to show.",
  unknownKind: `A kind of source is one of ${FEED_KINDS.join(", ")}.`,
  badLanguage: 'A language is a two- or three-letter code such as "en" or "ja".',
  languageDuplicate: "That language is shown already.",
  tooManyLanguages: `You can choose at most ${FILTER_LIMITS.maxLanguages} languages.`,
  unknownCountry: "That country is not one graph's sources come from.",
  countryDuplicate: "That country is left out already.",
  tooManyCountries: `You can leave out at most ${FILTER_LIMITS.maxCountries} countries.`,
  unknownSubject: "That subject is not one of the catalogue's.",
  subjectDuplicate: "That subject is left out already.",
  tooManySubjects: `You can leave out at most ${FILTER_LIMITS.maxSubjects} subjects.`,
} as const;
