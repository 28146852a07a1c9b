import { SUGGESTION_MESSAGES } from "@graph/core/modules/sources/rules";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import {
  APPROVAL_TEXT,
  PENDING_POLL_MS,
  SUGGEST_FAILED,
  SUGGEST_OFFLINE,
  SUGGEST_TOO_MANY,
  canSuggest,
  hasPending,
  pendingPollInterval,
  suggestFailureText,
  withNewSuggestion,
  type ApprovalState,
  type Suggestion,
} from "./suggested-sources.ts";

const suggestion = (id: string, approval_state: ApprovalState): Suggestion => ({
  id,
  website_url: `https://${id}.example/`,
  rss_feed_url: "",
  approval_state,
});

describe("APPROVAL_TEXT", () => {
  it("says each state in the spec's words", () => {
    expect(APPROVAL_TEXT).toEqual({
      pending: "pending...",
      approved: "added!",
      rejected: "rejected :(",
      duplicate: "already exists!",
    });
  });
});

describe("polling while a suggestion is checked", () => {
  it("polls every few seconds while one is pending", () => {
    const list = [suggestion("a", "approved"), suggestion("b", "pending")];
    expect(hasPending(list)).toBe(true);
    expect(pendingPollInterval(list)).toBe(PENDING_POLL_MS);
    expect(PENDING_POLL_MS).toBeGreaterThanOrEqual(1_000);
    expect(PENDING_POLL_MS).toBeLessThanOrEqual(5_000);
  });

  it("stops once none is pending, and before the list has loaded", () => {
    const settled = (["approved", "rejected", "duplicate"] as const).map((s) => suggestion(s, s));
    expect(hasPending(settled)).toBe(false);
    expect(pendingPollInterval(settled)).toBe(false);
    expect(pendingPollInterval([])).toBe(false);
    expect(pendingPollInterval(undefined)).toBe(false);
  });
});

describe("canSuggest", () => {
  it("needs a link that is not only spaces", () => {
    expect(canSuggest("")).toBe(false);
    expect(canSuggest("   \n")).toBe(false);
    expect(canSuggest("example.com")).toBe(true);
  });
});

describe("withNewSuggestion", () => {
  it("puts the new suggestion first, once", () => {
    const a = suggestion("a", "approved");
    const b = suggestion("b", "pending");
    expect(withNewSuggestion([a], b)).toEqual([b, a]);
    expect(withNewSuggestion([b, a], b)).toEqual([b, a]);
  });
});

describe("suggestFailureText", () => {
  it("shows a refusal of the link in the server's own words, chosen by code", () => {
    const refused = new ApiError(400, { error: "That does not look like a web address.", code: "invalid_input" });
    expect(suggestFailureText(refused)).toBe("That does not look like a web address.");
  });

  it("says too many are waiting by the code, whatever the server's text", () => {
    const capped = new ApiError(400, { error: "anything", code: "limit_reached" });
    expect(suggestFailureText(capped)).toBe(SUGGESTION_MESSAGES.tooManyPending);
  });

  it("uses its own words for anything else", () => {
    expect(suggestFailureText(new ApiError(0, null))).toBe(SUGGEST_OFFLINE);
    expect(suggestFailureText(new ApiError(429, { error: "Slow down.", code: "rate_limited" }))).toBe(SUGGEST_TOO_MANY);
    expect(suggestFailureText(new ApiError(500, { error: "Boom.", code: "internal" }))).toBe(SUGGEST_FAILED);
    expect(suggestFailureText(new ApiError(400, { code: "invalid_input" }))).toBe(SUGGEST_FAILED);
    expect(suggestFailureText(new ApiError(403, { error: "Not from here.", code: "cross_site" }))).toBe(SUGGEST_FAILED);
    expect(suggestFailureText(new Error("x"))).toBe(SUGGEST_FAILED);
  });
});
