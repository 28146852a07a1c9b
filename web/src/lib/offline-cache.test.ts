import { afterEach, describe, expect, it, vi } from "vitest";
import {
  KEPT_AT_MOST,
  beyondLimit,
  cacheKey,
  clearPersonCaches,
  forwardConditional,
  isPersonCache,
  keptKind,
  personCacheName,
  sessionAnswer,
} from "./offline-cache.ts";

const ORIGIN = "https://graph.example";
const get = (path: string, origin = ORIGIN) => ({ method: "GET", url: `${origin}${path}` });

describe("which requests are kept for reading offline", () => {
  it("keeps the session check, the feed, an article's reading and a proxied picture", () => {
    expect(keptKind(get("/api/check_auth"), ORIGIN)).toBe("session");
    expect(keptKind(get("/api/rss/articles"), ORIGIN)).toBe("feed");
    expect(keptKind(get("/api/rss/articles?type=manual"), ORIGIN)).toBe("feed");
    expect(keptKind(get("/api/reader/a1b2"), ORIGIN)).toBe("reading");
    expect(keptKind(get("/media/pictures/ab/cd-640.webp"), ORIGIN)).toBe("picture");
  });

  it("keeps nothing else: other calls, writes, other origins, pages", () => {
    for (const path of [
      "/api/rss/card_layout",
      "/api/articles/mark_seen",
      "/api/reader/a1b2/extra",
      "/api/reader/",
      "/api/reader/settings",
      "/api/users/me",
      "/api/chat/conversations",
      "/home",
      "/media/",
      "/dev/outbox",
    ]) {
      expect(keptKind(get(path), ORIGIN), path).toBeUndefined();
    }
    expect(keptKind({ method: "POST", url: `${ORIGIN}/api/rss/articles` }, ORIGIN)).toBeUndefined();
    expect(keptKind({ method: "DELETE", url: `${ORIGIN}/api/reader/a1` }, ORIGIN)).toBeUndefined();
    expect(keptKind(get("/media/x.webp", "https://elsewhere.example"), ORIGIN)).toBeUndefined();
    expect(keptKind(get("/api/check_auth", "http://graph.example"), ORIGIN)).toBeUndefined();
  });
});

describe("the names and keys of kept copies", () => {
  it("names one cache per person, apart from the app shell's", () => {
    expect(personCacheName("u1")).not.toBe(personCacheName("u2"));
    expect(isPersonCache(personCacheName("u1"))).toBe(true);
    expect(isPersonCache(personCacheName("a/b c"))).toBe(true);
    expect(isPersonCache("workbox-precache-v2-https://graph.example/")).toBe(false);
  });

  it("keeps one feed answer whatever its query, and each article and picture by its address", () => {
    expect(cacheKey("feed", `${ORIGIN}/api/rss/articles?type=manual`)).toBe(
      cacheKey("feed", `${ORIGIN}/api/rss/articles`),
    );
    expect(cacheKey("reading", `${ORIGIN}/api/reader/a1`)).not.toBe(cacheKey("reading", `${ORIGIN}/api/reader/a2`));
    expect(cacheKey("picture", `${ORIGIN}/media/p/1.webp`)).toBe(`${ORIGIN}/media/p/1.webp`);
  });

  it("passes the page's revalidation on only when the kept copy is the version the page holds", () => {
    expect(forwardConditional('"v1"', '"v1"')).toBe(true);
    expect(forwardConditional('"v1"', '"v0"')).toBe(false);
    expect(forwardConditional('"v1"', null)).toBe(false);
    expect(forwardConditional(null, '"v1"')).toBe(false);
  });

  it("drops the oldest beyond a kind's number", () => {
    expect(beyondLimit(["a", "b", "c", "d"], 3)).toEqual(["a"]);
    expect(beyondLimit(["a", "b"], 3)).toEqual([]);
    expect(KEPT_AT_MOST.feed).toBe(1);
  });
});

describe("who the session check names", () => {
  it("a signed-in person, signed out, or nothing said", () => {
    expect(sessionAnswer(200, { isAuthenticated: true, userId: "u1" })).toEqual({ signedIn: "u1" });
    expect(sessionAnswer(200, { isAuthenticated: false })).toEqual({ signedOut: true });
    expect(sessionAnswer(401, undefined)).toEqual({ signedOut: true });
    expect(sessionAnswer(503, { isAuthenticated: false })).toBeUndefined();
    expect(sessionAnswer(200, undefined)).toBeUndefined();
    expect(sessionAnswer(200, { isAuthenticated: true })).toBeUndefined();
  });
});

describe("forgetting every person's copies", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("deletes every person's cache and leaves the app shell's", async () => {
    const names = new Set([personCacheName("u1"), personCacheName("u2"), "workbox-precache-v2-x"]);
    vi.stubGlobal("caches", {
      keys: async () => [...names],
      delete: async (name: string) => names.delete(name),
    });
    await clearPersonCaches();
    expect([...names]).toEqual(["workbox-precache-v2-x"]);
  });
});
