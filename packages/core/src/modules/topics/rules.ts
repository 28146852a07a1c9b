/** Limits and messages of topics and aims: the server enforces them, the pages show them. */
export const TOPIC_LIMITS = { maxTopics: 300, maxLength: 60, maxWords: 6, maxSupertags: 5 } as const;
export const AIM_LIMITS = { maxAims: 5, maxLength: 280 } as const;

export const MESSAGES = {
  maxSupertags: "you can only have a max of 5 supertags",
  tooMany: `You can have at most ${TOPIC_LIMITS.maxTopics} topics.`,
  tooLong: `Topics are at most ${TOPIC_LIMITS.maxLength} characters and ${TOPIC_LIMITS.maxWords} words.`,
  noTopics: "Add at least one topic.",
  tooManyAims: `You can have at most ${AIM_LIMITS.maxAims} aims.`,
  aimTooLong: `Aims are at most ${AIM_LIMITS.maxLength} characters.`,
} as const;

/**
 * Topic suggestions ("graph suggestions" on the topics tab): how many the page shows and asks
 * for, and what a request may hold. The server enforces the request limits; the page keeps
 * `shown` suggestions on screen and the rest in a buffer it tops up when it runs short.
 */
export const SUGGESTION_LIMITS = {
  /** Suggestions on screen at once. */
  shown: 10,
  /** Suggestions a request answers when it names no limit, and the most it may name. */
  defaultLimit: 10,
  maxLimit: 50,
  /** What the page asks for: first, after a pick leaves the buffer short, in the background. */
  initialRequest: 15,
  topUpAfterAdd: 10,
  topUpInBackground: 5,
  /** The buffer is topped up when under these: right after a pick, and otherwise. */
  bufferLowAfterAdd: 3,
  bufferLowInBackground: 5,
  /** Ids a request may name to start from, and to leave out (what the page shows and holds). */
  maxSeedIds: TOPIC_LIMITS.maxTopics,
  maxExcludeIds: 1000,
  /** Topics a person may have skipped at once; clearing one makes room. */
  maxSkipped: 1000,
} as const;

export const SUGGESTION_MESSAGES = {
  badLimit: `limit must be a whole number from 1 to ${SUGGESTION_LIMITS.maxLimit}`,
  badSeeds: "seedTopicIds must be a list of topic ids",
  tooManySeeds: `seedTopicIds may name at most ${SUGGESTION_LIMITS.maxSeedIds} topics`,
  badExcludes: "excludeIds must be a list of topic ids",
  tooManyExcludes: `excludeIds may name at most ${SUGGESTION_LIMITS.maxExcludeIds} topics`,
  tooManySkipped: `You can skip at most ${SUGGESTION_LIMITS.maxSkipped} topics. Clear a skipped topic to skip another.`,
  topicMismatch: "topic is not the topic topicId names",
  notYours: "You can only read your own skipped topics.",
} as const;

export { BUILTIN_TOPICS } from "./builtin.ts";
