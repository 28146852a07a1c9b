import { describe, expect, it } from "vitest";
import { grantsPro } from "./rules.ts";

const NOW = Date.UTC(2026, 0, 15);
const later = NOW / 1000 + 86_400;
const earlier = NOW / 1000 - 86_400;

describe("which subscription states give pro", () => {
  it("active, trialing and past_due do; ended ones do not", () => {
    for (const status of ["active", "trialing", "past_due"]) {
      expect(grantsPro({ status, cancelAtPeriodEnd: false, currentPeriodEnd: later }, NOW)).toBe(true);
    }
    for (const status of ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"]) {
      expect(grantsPro({ status, cancelAtPeriodEnd: false, currentPeriodEnd: later }, NOW)).toBe(false);
    }
  });

  it("cancelling at period end keeps pro until the period's end, not after", () => {
    expect(grantsPro({ status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: later }, NOW)).toBe(true);
    expect(grantsPro({ status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: earlier }, NOW)).toBe(false);
  });
});
