import { describe, expect, it } from "vitest";
import { safeRedirect, withParam } from "./rules.ts";

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
