import { describe, expect, it } from "vitest";
import { RECONNECT_BACKOFF, backoffDelay } from "./backoff.ts";

describe("reconnect backoff", () => {
  it("doubles from the base, drawn from the upper half of each window", () => {
    const opts = { baseMs: 500, maxMs: 30_000 };
    expect(backoffDelay(0, () => 0, opts)).toBe(250);
    expect(backoffDelay(0, () => 0.999999, opts)).toBe(500);
    expect(backoffDelay(1, () => 0, opts)).toBe(500);
    expect(backoffDelay(3, () => 0, opts)).toBe(2000);
    expect(backoffDelay(3, () => 0.5, opts)).toBe(3000);
  });

  it("never waits past the cap, however many attempts failed", () => {
    for (const attempt of [6, 7, 20, 1000, Number.MAX_SAFE_INTEGER]) {
      const delay = backoffDelay(attempt, () => 0.999999);
      expect(delay).toBeLessThanOrEqual(RECONNECT_BACKOFF.maxMs);
      expect(delay).toBeGreaterThanOrEqual(RECONNECT_BACKOFF.maxMs / 2);
    }
  });

  it("spreads tabs out: random draws give different waits within the window", () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) expect(d >= 4000 && d <= 8000).toBe(true);
  });
});
