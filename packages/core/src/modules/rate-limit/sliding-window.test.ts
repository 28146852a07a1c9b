import { describe, expect, it } from "vitest";
import { secondsUntilAllowed } from "./sliding-window.ts";

const limit = { bucket: "t", max: 10, windowSeconds: 900 };

describe("secondsUntilAllowed (sliding-window estimate)", () => {
  it("allows at once when there is room", () => {
    expect(secondsUntilAllowed(limit, 0, 3, 100)).toBe(1);
  });

  it("waits for the previous window to slide out far enough", () => {
    // 10 last window, none in this one, 1 s in: one attempt needs the old weight at 0.9, i.e. 90 s in.
    expect(secondsUntilAllowed(limit, 10, 0, 1)).toBe(89);
    // Half-way the weight is 0.5: 5 + 4 + 1 = 10 fits.
    expect(secondsUntilAllowed(limit, 10, 4, 450)).toBe(1);
  });

  it("waits past the end of a window that alone is over the limit", () => {
    // 12 this window, 100 s in: 800 s to its end, then weight (1 - 9/12) of a window = 225 s.
    expect(secondsUntilAllowed(limit, 0, 12, 100)).toBe(800 + 225);
  });

  it("never answers less than a second", () => {
    expect(secondsUntilAllowed(limit, 10, 0, 899.9)).toBe(1);
  });
});
