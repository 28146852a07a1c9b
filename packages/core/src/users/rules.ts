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
