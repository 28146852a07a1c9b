/**
 * Every path that is not a profile: `/{username}` must never shadow a page, nor a page a
 * profile. The one list of them — sign-up, rename and Google sign-in's username choice refuse
 * these names, the web app's router shows the not-found page for them, and a test checks that
 * every first path segment the router, the local runtime and the built web app serve is here
 * (tests/integration/signup.test.ts), so a new route must be added to it. Data only, so the web
 * app imports this same list.
 */
export const RESERVED_PATHS = [
  // The spec's reserved words.
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
  // The web app's other pages.
  "forgot-password",
  "reset-password",
  "getting-started",
  "terms-of-service",
  "privacy-policy",
  "unsubscribe",
  "unsubscribe-success",
  "goodbye",
  "oauth",
  // Beside the web app: the API, the socket and photos (everywhere), the dev pages, the demo
  // feeds and the AWS, Google, socket-management, Open Library, TMDB, Spotify, Hacker News, Slack and Discord stand-ins and the
  // stand-ins' album art and channel thumbnails (the local runtime).
  "api",
  "ws",
  "media",
  "dev",
  "demo",
  "_aws",
  "_google",
  "_openlibrary",
  "_openlibrary-covers",
  "_tmdb",
  "_tmdb-images",
  "_spotify",
  "_spotify-images",
  "_youtube-images",
  "_hackernews",
  "_slack",
  "_discord",
  "@connections",
  // The profile page function's route (/{username} is rewritten to it on AWS and locally).
  "_profile",
  // The built web app's files and folders (web/public and Vite's output).
  "assets",
  "index.html",
  "robots.txt",
  "favicon.svg",
  "theme.js",
  "og-image.png",
  "icons",
  "sw.js",
  "manifest.webmanifest",
  // Words kept for pages to come and for graph itself.
  "admin",
  "graph",
  "settings",
  "tune",
  "upgrade",
  "feedback",
] as const;

const RESERVED = new Set<string>(RESERVED_PATHS);

/** Whether a path (`/home/tune/`) or a name (`Media`) is reserved, whatever its case. */
export function isReservedPath(path: string): boolean {
  return RESERVED.has(path.replace(/^\/+|\/+$/g, "").toLowerCase());
}

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
