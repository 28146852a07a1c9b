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

export { BUILTIN_TOPICS } from "./builtin.ts";
