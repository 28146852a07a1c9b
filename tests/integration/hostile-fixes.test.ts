import { describe, expect, it } from "vitest";
import {
  callBack,
  consent,
  googleIdentity,
  spotifyListener,
  startConnect,
  type LinkedProvider,
} from "../support/connect.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Faults found by trying graph as a hostile new user would, each held here by the request that
 * found it.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;

/** Where a connect sends the browser back when it names nowhere of this site, with each outcome. */
const FALLBACK = {
  spotify: {
    failed: "/home/tune?tab=media-links&spotify=error",
    connected: "/home/tune?tab=media-links&spotify=connected",
  },
  youtube: { failed: "/oauth/youtube/success?error=1", connected: "/oauth/youtube/success" },
} as const;

/** Paths that pass a naive "starts with one slash" check but resolve to another host. */
const OFF_SITE = [
  "/..//evil.example/phish",
  "/.//evil.example/phish",
  "/%2e%2e//evil.example/phish",
  "/a/..//evil.example/phish",
  "/.%2e//evil.example/phish",
  "/%2F%2Fevil.example/phish",
  "/%5cevil.example/phish",
  "/a/../\\evil.example/phish",
];

/** The answer's `Location`, checked to be a path of this site (never protocol-relative). */
function sitePath(response: Response | { location: string }): string {
  const location = response instanceof Response ? (response.headers.get("location") ?? "") : response.location;
  expect(location.startsWith("/")).toBe(true);
  expect(location.startsWith("//") || location.startsWith("/\\")).toBe(false);
  expect(new URL(location, "http://graph.test").origin).toBe("http://graph.test");
  return location;
}

const loginWith = (provider: LinkedProvider, person: Person, state: unknown) =>
  api.request("GET", `/api/${provider}/api/login?state=${encodeURIComponent(JSON.stringify(state))}`, {
    cookie: person.cookie,
  });

describe("a connect's redirect is always a path of this site", () => {
  it.each(["spotify", "youtube"] as const)("%s start: a state naming another person falls back", async (provider) => {
    const person = await signedIn(api);
    for (const redirect of OFF_SITE) {
      const response = await loginWith(provider, person, { userId: "x", redirect });
      expect(response.status).toBe(302);
      expect(sitePath(response), redirect).toBe(FALLBACK[provider].failed);
    }
  });

  it("Spotify callback, Allow: the stored redirect falls back", async () => {
    for (const redirect of OFF_SITE.slice(0, 5)) {
      const person = await signedIn(api);
      const started = await startConnect(api, "spotify", person.cookie, { userId: person.userId, redirect });
      const back = await consent(started, spotifyListener(`Hostile ${Math.random().toString(36).slice(2, 8)}`));
      const done = await callBack(api, "spotify", { code: back.code, state: back.state }, [
        person.cookie,
        back.stateCookie,
      ]);
      expect(sitePath(done), redirect).toBe(FALLBACK.spotify.connected);
    }
  });

  it.each(["spotify", "youtube"] as const)("%s callback, Cancel: the stored redirect falls back", async (provider) => {
    const person = await signedIn(api);
    for (const redirect of OFF_SITE) {
      const started = await startConnect(api, provider, person.cookie, { userId: person.userId, redirect });
      const state = started.authorizeUrl.searchParams.get("state")!;
      const done = await callBack(api, provider, { error: "access_denied", state }, [
        person.cookie,
        started.stateCookie,
      ]);
      expect(sitePath(done), redirect).toBe(FALLBACK[provider].failed);
    }
  });

  it("YouTube callback, Allow: the stored redirect falls back", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "youtube", person.cookie, {
      userId: person.userId,
      redirect: "/..//evil.example/phish",
    });
    const back = await consent(started, googleIdentity(`${person.username}@example.com`));
    const done = await callBack(api, "youtube", { code: back.code, state: back.state }, [
      person.cookie,
      back.stateCookie,
    ]);
    expect(sitePath(done)).toBe(FALLBACK.youtube.connected);
  });

  it("keeps a redirect that is a path of this site", async () => {
    const person = await signedIn(api);
    const response = await loginWith("spotify", person, { userId: "x", redirect: "/home/tune?tab=media#links" });
    expect(sitePath(response)).toBe("/home/tune?tab=media&spotify=error#links");
  });
});
