import { describe, expect, it } from "vitest";
import { safeRedirect, sitePath, withParam } from "./rules.ts";

describe("safeRedirect", () => {
  it("keeps a path of this site", () => {
    expect(safeRedirect("/home/tune?tab=media-links", "/x")).toBe("/home/tune?tab=media-links");
    expect(safeRedirect("/oauth/youtube/success", "/x")).toBe("/oauth/youtube/success");
  });

  it("falls back for anything a browser could read as another site, or no path at all", () => {
    for (const raw of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "home",
      "",
      "/a\nb",
      `/${"a".repeat(600)}`,
      undefined,
      42,
    ])
      expect(safeRedirect(raw, "/fallback")).toBe("/fallback");
  });

  it("falls back for paths that resolve to another host, or hide dots and slashes", () => {
    for (const raw of [
      "/..//evil.example/phish",
      "/.//evil.example/phish",
      "/%2e%2e//evil.example/phish",
      "/a/..//evil.example/phish",
      "/.%2e//evil.example/phish",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/a/../\\evil.example",
    ])
      expect(safeRedirect(raw, "/fallback"), raw).toBe("/fallback");
  });

  it("answers a path as the browser will resolve it", () => {
    expect(sitePath("/a/./b/../c?x=%2F#y")).toBe("/a/c?x=%2F#y");
    expect(sitePath("/../home")).toBe("/home");
  });
});

describe("withParam", () => {
  it("adds a parameter to the path's query, keeping what is there", () => {
    expect(withParam("/home/tune?tab=media-links", "spotify", "connected")).toBe(
      "/home/tune?tab=media-links&spotify=connected",
    );
    expect(withParam("/oauth/youtube/success", "error", "1")).toBe("/oauth/youtube/success?error=1");
    expect(withParam("/a?spotify=error", "spotify", "connected")).toBe("/a?spotify=connected");
  });
});
