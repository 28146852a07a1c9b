/**
 * Paths the spec reserves: never a profile, a 404 unless a real page matches. Data only, so
 * the web app imports this same list.
 */
export const RESERVED_PATHS = [
  "home",
  "profile",
  "login",
  "beta",
  "preview",
  "coming-soon",
  "levers",
  "discover",
  "agent",
  "feed",
  "onboarding",
  "verify-email",
  "sign-up",
  "sign-in",
  "page",
  "play",
  "tags",
  "find",
  "chat",
  "home/agent",
  "home/chat",
  "home/search",
  "home/find",
  "home/tags",
  "home/levers",
  "home/tune",
] as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** Username changes a person may make per UTC day. */
export const USERNAME_CHANGES_PER_DAY = 3;
/**
 * Days an old username stays reserved for its former owner after a change: links people
 * followed to `/{old name}` keep leading to the same person (or nowhere), never to a stranger.
 */
export const USERNAME_RESERVED_DAYS = 30;

export const USERNAME_MESSAGES = {
  tooShort: `Username must be at least ${USERNAME_MIN} characters.`,
  outOfChanges: "out of name changes for today!",
  taken: "That username is already taken.",
  unchanged: "That is already your username.",
} as const;
