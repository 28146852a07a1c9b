import { describe, expect, it } from "vitest";
import { spotifyLoginUrl, spotifyReturn, syncedAgo, youtubeLoginUrl } from "./links.ts";

const stateOf = (url: string) =>
  JSON.parse(new URL(url, "https://graph.example").searchParams.get("state")!) as unknown;

describe("the connect addresses", () => {
  it("send Spotify's sign-in the person and the media links to come back to", () => {
    const url = spotifyLoginUrl("user-1");
    expect(url.startsWith("/api/spotify/api/login?state=")).toBe(true);
    expect(stateOf(url)).toEqual({ userId: "user-1", redirect: "/home/tune?tab=media-links" });
    // The state is one encoded parameter: its `?`, `=` and `&` do not leak into the address.
    expect(url).toBe(
      `/api/spotify/api/login?state=${encodeURIComponent('{"userId":"user-1","redirect":"/home/tune?tab=media-links"}')}`,
    );
  });

  it("send YouTube's popup to the page that tells the opener", () => {
    const url = youtubeLoginUrl("user-1");
    expect(url.startsWith("/api/youtube/api/login?state=")).toBe(true);
    expect(stateOf(url)).toEqual({ userId: "user-1", redirect: "/oauth/youtube/success" });
  });
});

describe("the link's words", () => {
  it("read Spotify's return", () => {
    expect(spotifyReturn("connected")?.ok).toBe(true);
    expect(spotifyReturn("error")?.ok).toBe(false);
    expect(spotifyReturn(null)).toBeNull();
    expect(spotifyReturn("<script>")).toBeNull();
  });

  it("say when a link synced", () => {
    const now = Date.UTC(2025, 0, 10, 12);
    expect(syncedAgo(now, now)).toBe("just now");
    expect(syncedAgo(now + 60_000, now)).toBe("just now");
    expect(syncedAgo(now - 59_000, now)).toBe("just now");
    expect(syncedAgo(now - 60_000, now)).toBe("1 minute ago");
    expect(syncedAgo(now - 59 * 60_000, now)).toBe("59 minutes ago");
    expect(syncedAgo(now - 60 * 60_000, now)).toBe("1 hour ago");
    expect(syncedAgo(now - 25 * 3_600_000, now)).toBe("1 day ago");
    expect(syncedAgo(now - 72 * 3_600_000, now)).toBe("3 days ago");
  });
});
