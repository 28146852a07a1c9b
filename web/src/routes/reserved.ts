/** Paths that are never profile names; unless a real route matches them they are a 404. */
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

const reserved = new Set<string>(RESERVED_PATHS);

export function isReservedPath(path: string): boolean {
  return reserved.has(path.replace(/^\/+|\/+$/g, "").toLowerCase());
}
