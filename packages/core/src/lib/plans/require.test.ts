import { describe, expect, it } from "vitest";
import { VisibleError } from "../errors/index.ts";
import { PLANS } from "./rules.ts";
import { cheapestPlanWith, planIncludes, requireFeature, UPGRADE_PATH } from "./index.ts";

describe("the plan table's features", () => {
  it("gives free none of what pro is sold with, and org all of pro's", () => {
    for (const feature of ["filters", "chatBot", "themedLists", "advancedDigests", "bot"] as const) {
      expect(planIncludes("free", feature)).toBe(false);
      expect(planIncludes("pro", feature)).toBe(true);
      expect(planIncludes("team", feature)).toBe(true);
      expect(cheapestPlanWith(feature)).toBe("pro");
    }
  });

  it("keeps the advanced bot's own part (per-topic channels, share, team digest) for org", () => {
    expect(planIncludes("free", "teamBot")).toBe(false);
    expect(planIncludes("pro", "teamBot")).toBe(false);
    expect(planIncludes("team", "teamBot")).toBe(true);
    expect(cheapestPlanWith("teamBot")).toBe("team");
    expect(() => requireFeature("pro", "teamBot")).toThrow("Upgrade to org for the advanced Slack/Discord bot.");
  });

  it("refuses a missing feature with plan_required, the plan that has it and the upgrade page", () => {
    let refusal: unknown;
    try {
      requireFeature("free", "themedLists");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(VisibleError);
    const visible = refusal as VisibleError;
    expect(visible.status).toBe(403);
    expect(visible.code).toBe("plan_required");
    expect(visible.message).toBe("Upgrade to pro for themed lists.");
    expect(visible.extra).toEqual({ feature: "themedLists", plan: "pro", upgrade: UPGRADE_PATH });
    for (const plan of PLANS.filter((p) => p !== "free")) expect(() => requireFeature(plan, "themedLists")).not.toThrow();
  });
});
