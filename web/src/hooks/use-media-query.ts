import { useMemo, useSyncExternalStore } from "react";

/** The page's one-column width (spec: 768 px or narrower): the chat shows one pane at a time, a profile cuts its titles shorter. */
export const NARROW_SCREEN = "(max-width: 768px)";
/** A phone-sized screen, as the style sheets' phone rules have it: titles are cut shorter. */
export const PHONE_SCREEN = "(max-width: 600px)";

type MatchMedia = (query: string) => Pick<MediaQueryList, "matches" | "addEventListener" | "removeEventListener">;

/**
 * A media query as an external store for `useSyncExternalStore`: its current answer, and a way to
 * hear when it changes. Without `matchMedia` (no window) it never matches.
 */
export function mediaQueryStore(query: string, matchMedia: MatchMedia | undefined) {
  const list = matchMedia?.(query);
  return {
    subscribe(onChange: () => void): () => void {
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    matches: (): boolean => list?.matches ?? false,
  };
}

const browserMatchMedia: MatchMedia | undefined =
  typeof window !== "undefined" && "matchMedia" in window ? (query) => window.matchMedia(query) : undefined;

/** Whether a media query matches, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const store = useMemo(() => mediaQueryStore(query, browserMatchMedia), [query]);
  return useSyncExternalStore(store.subscribe, store.matches, () => false);
}
