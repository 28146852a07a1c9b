import { describe, expect, it } from "vitest";
import { coverageText, planChanges, planRows, priceText } from "./plan-rows.ts";

describe("the plans page's rows", () => {
  it("show the spec's table for free and pro", () => {
    expect(priceText("free")).toBe("$0");
    expect(priceText("pro")).toBe("$15/month");
    expect(priceText("team")).toBe("on request");
    expect(planRows("free")).toEqual([
      "3 feed refreshes/day",
      "40 posts/day",
      "3 agent fetches/day",
      "24 h post coverage",
      "automatic refresh only",
      "standard e-mail digests",
      "no feed filters",
      "standard search",
      "one tumble-word list",
      "no chat bot",
      "1 seat",
    ]);
    expect(planRows("pro")).toContain("1 year post coverage");
    expect(planRows("pro")).toContain("320 posts/day");
    expect(planRows("team")).toContain("2+ seats");
  });

  it("words coverage", () => {
    expect(coverageText(Number.POSITIVE_INFINITY)).toBe("all-time post coverage");
    expect(coverageText(7 * 24 * 3600 * 1000)).toBe("7 days post coverage");
  });
});

describe("planChanges", () => {
  it("says what going from free to pro changes, from the plan table", () => {
    expect(planChanges("free", "pro")).toEqual([
      "8 feed refreshes a day (was 3)",
      "320 posts a day (was 40)",
      "1 year post coverage (was 24 h)",
      "manual refresh, every 15 minutes",
      "advanced e-mail digests",
      "advanced filters",
      "agentic search",
      "themed lists",
      "standard Slack/Discord bot",
    ]);
  });

  it("leaves out what two plans share", () => {
    expect(planChanges("pro", "pro")).toEqual([]);
    expect(planChanges("pro", "team")).toEqual([
      "24 feed refreshes a day (was 8)",
      "640 posts a day (was 320)",
      "all-time post coverage (was 1 year)",
      "advanced Slack/Discord bot",
    ]);
  });
});
