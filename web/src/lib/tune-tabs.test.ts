import { describe, expect, it } from "vitest";
import { TUNE_TABS, parseTuneTab, tabForKey } from "./tune-tabs.ts";

describe("parseTuneTab", () => {
  it("answers the tab a link names", () => {
    for (const tab of TUNE_TABS) expect(parseTuneTab(tab)).toBe(tab);
  });

  it("falls back to topics when the parameter is missing or unknown", () => {
    expect(parseTuneTab(null)).toBe("topics");
    expect(parseTuneTab(undefined)).toBe("topics");
    expect(parseTuneTab("")).toBe("topics");
    expect(parseTuneTab("xyz")).toBe("topics");
    expect(parseTuneTab("Media")).toBe("topics");
    expect(parseTuneTab(" feed")).toBe("topics");
    expect(parseTuneTab("constructor")).toBe("topics");
    expect(parseTuneTab("toString")).toBe("topics");
  });

  it("reads the media-links section as the media tab", () => {
    expect(parseTuneTab("media-links")).toBe("media");
  });
});

describe("tabForKey", () => {
  it("moves right and left, wrapping at the ends", () => {
    expect(tabForKey("topics", "ArrowRight")).toBe("media");
    expect(tabForKey("media", "ArrowRight")).toBe("feed");
    expect(tabForKey("profile", "ArrowRight")).toBe("topics");
    expect(tabForKey("topics", "ArrowLeft")).toBe("profile");
    expect(tabForKey("feed", "ArrowLeft")).toBe("media");
  });

  it("goes to the first and last tab with Home and End", () => {
    expect(tabForKey("feed", "Home")).toBe("topics");
    expect(tabForKey("media", "End")).toBe("profile");
  });

  it("ignores other keys", () => {
    expect(tabForKey("topics", "ArrowDown")).toBeNull();
    expect(tabForKey("topics", "Enter")).toBeNull();
    expect(tabForKey("topics", "a")).toBeNull();
  });
});
