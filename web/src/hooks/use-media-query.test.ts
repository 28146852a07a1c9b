import { describe, expect, it } from "vitest";
import { mediaQueryStore } from "./use-media-query.ts";

/** A stand-in for `window.matchMedia` whose answer the test sets. */
function fakeMatchMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const asked: string[] = [];
  const list = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const change = (matches: boolean) => {
    list.matches = matches;
    for (const listener of listeners) listener();
  };
  const matchMedia = (query: string) => {
    asked.push(query);
    return list as unknown as MediaQueryList;
  };
  return { matchMedia, change, listeners, asked };
}

describe("a media query as a store", () => {
  it("answers whether the query matches now, for the query asked", () => {
    const media = fakeMatchMedia(true);
    const store = mediaQueryStore("(max-width: 768px)", media.matchMedia);
    expect(media.asked).toEqual(["(max-width: 768px)"]);
    expect(store.matches()).toBe(true);
    media.change(false);
    expect(store.matches()).toBe(false);
  });

  it("tells a subscriber when the answer changes, until it unsubscribes", () => {
    const media = fakeMatchMedia(false);
    const store = mediaQueryStore("(max-width: 600px)", media.matchMedia);
    let heard = 0;
    const unsubscribe = store.subscribe(() => heard++);
    media.change(true);
    expect(heard).toBe(1);
    unsubscribe();
    expect(media.listeners.size).toBe(0);
    media.change(false);
    expect(heard).toBe(1);
  });

  it("never matches without matchMedia, and subscribing does nothing", () => {
    const store = mediaQueryStore("(max-width: 600px)", undefined);
    expect(store.matches()).toBe(false);
    expect(() => store.subscribe(() => undefined)()).not.toThrow();
  });
});
