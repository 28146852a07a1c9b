/**
 * A page's chunk or style sheet that fails to load (a new deploy removed the old files, or the
 * connection dropped) reloads the page once by itself: after a deploy the reload fetches the new
 * version. The reload is remembered for the tab (sessionStorage), so a chunk that still fails
 * then shows the friendly error page (with a retry) instead of reloading forever; once a page's
 * chunk loads again, the next failure may reload once more. Offline, a reload would only show the
 * browser's own error: the error page waits for the connection instead.
 */

export const RELOADED_KEY = "graph:reloaded-for-chunk";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

export interface ReloadEnv {
  online: () => boolean;
  storage: () => Storage | null;
  reload: () => void;
}

export type PreloadOutcome = "reloading" | "offline" | "already-reloaded";

let reloading = false;

/**
 * Handles Vite's `vite:preloadError`: prevents the error (the page is about to go) and reloads,
 * unless offline or already reloaded for a chunk in this tab; then the error reaches the router,
 * whose error page says what happened.
 */
export function onPreloadError(event: Pick<Event, "preventDefault">, env: ReloadEnv): PreloadOutcome {
  // Every chunk still loading fails while the reload is under way: none should reach the page.
  if (reloading) {
    event.preventDefault();
    return "reloading";
  }
  if (!env.online()) return "offline";
  // Without a memory of the reload (storage refused), reloading could loop: the error is shown.
  const storage = env.storage();
  if (!storage || storage.getItem(RELOADED_KEY)) return "already-reloaded";
  try {
    storage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return "already-reloaded";
  }
  reloading = true;
  event.preventDefault();
  env.reload();
  return "reloading";
}

/** A page's chunk loaded: a later failure may reload once again. */
export function chunkLoaded(storage: Storage | null): void {
  try {
    storage?.removeItem(RELOADED_KEY);
  } catch {
    // nothing remembered
  }
}

/** True while the page reloads for a failed chunk (a chunk's load then answers nothing). */
export function isReloading(): boolean {
  return reloading;
}

/** For tests: as after a fresh page load. */
export function resetReloading(): void {
  reloading = false;
}

const CHUNK_ERROR = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
];

/** True for a failure to load a page's code or styles (not a bug in the page). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR.some((pattern) => pattern.test(message));
}

/** The browser's own session storage, or null where it is refused. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
