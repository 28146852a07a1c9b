import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";
import { refreshRefusal } from "./feed-errors.ts";

describe("refreshRefusal", () => {
  it("shows the server's message and waits the time it names for cooldown and used-up refreshes", () => {
    const cooldown = new ApiError(429, {
      error: "Manual refresh is cooling down. Try again in 4 minutes.",
      code: "refresh_cooldown",
      tryAgainAfter: 230,
    });
    expect(refreshRefusal(cooldown)).toEqual({
      message: "Manual refresh is cooling down. Try again in 4 minutes.",
      retryAfterMs: 230_000,
    });
    const used = new ApiError(429, {
      error: "You've used all 8 feed refreshes for today.",
      code: "out_of_refreshes",
      tryAgainAfter: 60,
    });
    expect(refreshRefusal(used)).toEqual({
      message: "You've used all 8 feed refreshes for today.",
      retryAfterMs: 60_000,
    });
  });

  it("shows the message of a plan without manual refresh, with no wait", () => {
    const error = new ApiError(403, {
      error: "Manual refresh is part of the pro and team plans.",
      code: "not_in_plan",
    });
    expect(refreshRefusal(error)).toEqual({
      message: "Manual refresh is part of the pro and team plans.",
      retryAfterMs: null,
    });
  });

  it("treats a general rate limit like a cooldown", () => {
    const error = new ApiError(429, { error: "Slow down.", code: "rate_limited", tryAgainAfter: 5 });
    expect(refreshRefusal(error)).toEqual({ message: "Slow down.", retryAfterMs: 5000 });
  });

  it("decides by code: other answers, whatever their status or text, are failures to log", () => {
    expect(
      refreshRefusal(new ApiError(403, { error: "Manual refresh is cooling down.", code: "forbidden" })),
    ).toBeNull();
    expect(refreshRefusal(new ApiError(429, { error: "Too many requests" }))).toBeNull();
    expect(refreshRefusal(new ApiError(500, { error: "Something went wrong.", code: "internal" }))).toBeNull();
    expect(refreshRefusal(new ApiError(NETWORK_ERROR_STATUS, null))).toBeNull();
    expect(refreshRefusal(new TypeError("Failed to fetch"))).toBeNull();
  });
});
