import { describe, expect, it } from "vitest";
import { chatWith, recipientFrom } from "./route-state.ts";

describe("the chat's navigation state", () => {
  it("carries the recipient under the spec's names, and reads back the same person", () => {
    const state = chatWith({ id: "u1", username: "ann" });
    expect(state).toEqual({ recipientUserId: "u1", recipientUsername: "ann" });
    expect(recipientFrom(state)).toEqual({ id: "u1", username: "ann" });
  });

  it("ignores a state that names nobody", () => {
    for (const state of [null, undefined, "u1", 42, {}, { recipientUserId: "" }, { recipientUserId: 7 }])
      expect(recipientFrom(state)).toBeNull();
  });

  it("keeps the recipient when the name is missing or not text", () => {
    expect(recipientFrom({ recipientUserId: "u1" })).toEqual({ id: "u1", username: "" });
    expect(recipientFrom({ recipientUserId: "u1", recipientUsername: 3 })).toEqual({ id: "u1", username: "" });
  });
});
