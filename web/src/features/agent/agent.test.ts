import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { fetchesText, waitOf, waitText } from "./agent.ts";

describe("the agentic search page's words", () => {
  it("says a wait in hours and minutes", () => {
    expect(waitText(40)).toBe("40 s");
    expect(waitText(61)).toBe("2 min");
    expect(waitText(3600)).toBe("1 h");
    expect(waitText(21 * 3600 + 600)).toBe("21 h 10 min");
  });

  it("reads the wait of a 429 only", () => {
    const limited = new ApiError(429, { error: "spent", code: "rate_limited", tryAgainAfter: 120 });
    expect(waitOf(limited)).toBe(120);
    expect(waitOf(new ApiError(400, { error: "short", code: "invalid_input" }))).toBeNull();
    expect(waitOf(new Error("x"))).toBeNull();
  });

  it("says the fetches left of the plan's number", () => {
    expect(fetchesText({ perDay: 3, left: 1 })).toBe("1 of 3 agent fetches left in the last 24 hours");
  });
});
