import { describe, expect, it } from "vitest";
import { MESSAGES } from "@graph/core/modules/topics/rules";
import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";
import {
  SUPERTAG_FAILED,
  supertagCount,
  supertagFailureText,
  supertagRefusal,
  withSupertag,
  withoutTopic,
  type Topic,
} from "./topics.ts";

const topic = (id: string, isSupertag = false): Topic => ({ id, topic: `Topic ${id}`, isSupertag });

describe("withSupertag", () => {
  it("sets one topic's state and leaves the others as they were", () => {
    const list = [topic("a"), topic("b", true)];
    const next = withSupertag(list, "a", true);
    expect(next.map((t) => t.isSupertag)).toEqual([true, true]);
    expect(next[1]).toBe(list[1]);
    expect(list[0]!.isSupertag).toBe(false);
  });

  it("changes nothing for an unknown topic", () => {
    const list = [topic("a")];
    expect(withSupertag(list, "zz", true)).toEqual(list);
  });
});

describe("withoutTopic", () => {
  it("removes the topic", () => {
    expect(withoutTopic([topic("a"), topic("b")], "a").map((t) => t.id)).toEqual(["b"]);
  });
});

describe("supertagRefusal", () => {
  const five = ["1", "2", "3", "4", "5"].map((id) => topic(id, true));

  it("refuses a sixth supertag with the server's message", () => {
    const extra = topic("6");
    expect(supertagCount([...five, extra])).toBe(5);
    expect(supertagRefusal([...five, extra], extra)).toBe(MESSAGES.maxSupertags);
    expect(MESSAGES.maxSupertags).toBe("you can only have a max of 5 supertags");
  });

  it("allows taking a supertag back, and a new one below the limit", () => {
    expect(supertagRefusal(five, five[0]!)).toBeNull();
    const four = [...five.slice(0, 4), topic("6")];
    expect(supertagRefusal(four, four[4]!)).toBeNull();
  });
});

describe("supertagFailureText", () => {
  it("shows the server's message for a refusal (403)", () => {
    const error = new ApiError(403, { error: "you can only have a max of 5 supertags", code: "supertag_limit" });
    expect(supertagFailureText(error)).toBe("you can only have a max of 5 supertags");
  });

  it("falls back to the limit's message for a 403 without a body", () => {
    expect(supertagFailureText(new ApiError(403, null))).toBe(MESSAGES.maxSupertags);
  });

  it("asks to try again for any other failure, whatever the server said", () => {
    expect(supertagFailureText(new ApiError(503, { error: "Service unavailable.", code: "unavailable" }))).toBe(
      SUPERTAG_FAILED,
    );
    expect(supertagFailureText(new ApiError(404, { error: "No such topic.", code: "not_found" }))).toBe(
      SUPERTAG_FAILED,
    );
    expect(supertagFailureText(new ApiError(NETWORK_ERROR_STATUS, null))).toBe(SUPERTAG_FAILED);
    expect(supertagFailureText(new Error("boom"))).toBe(SUPERTAG_FAILED);
    expect(SUPERTAG_FAILED).toBe("failed to update supertag. please try again");
  });
});
