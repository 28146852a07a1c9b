import { describe, expect, it } from "vitest";
import { TUNE_TABS, parseTuneTab } from "./tune-tabs.ts";

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
