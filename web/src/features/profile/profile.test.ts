import { describe, expect, it } from "vitest";
import { DEFAULT_SECTION_ORDER, normaliseSectionOrder, truncate, withScheme } from "@graph/core/modules/profile/rules";
import {
  aimsToSend,
  canSubmitUsername,
  initialCheck,
  initialSlots,
  moveSection,
  swapSlot,
  usernameProblem,
} from "./profile.ts";

describe("the username field", () => {
  it("starts idle when empty, current for the person's own name, checking for a new valid name", () => {
    expect(initialCheck("", "alice")).toBe("idle");
    expect(initialCheck("alice", "alice")).toBe("current");
    expect(initialCheck("ab", "alice")).toBe("idle");
    expect(initialCheck("bobby", "alice")).toBe("checking");
  });

  it("says what is wrong before asking the server", () => {
    expect(usernameProblem("ab")).toBe("Username must be at least 3 characters.");
    expect(usernameProblem("x".repeat(21))).toBe("Username must be at most 20 characters.");
    expect(usernameProblem("has space")).toBe("Username may only contain letters, numbers, _ and -.");
    expect(usernameProblem("")).toBeNull();
    expect(usernameProblem("fine_name")).toBeNull();
  });

  it("disables submit when unchanged, empty, taken or checking", () => {
    expect(canSubmitUsername("alice", "alice", "current")).toBe(false);
    expect(canSubmitUsername("", "alice", "idle")).toBe(false);
    expect(canSubmitUsername("bobby", "alice", "taken")).toBe(false);
    expect(canSubmitUsername("bobby", "alice", "checking")).toBe(false);
    expect(canSubmitUsername("bobby", "alice", "available")).toBe(true);
  });
});

describe("aims as sent", () => {
  it("drops empty ones, trims and keeps at most 5", () => {
    const aims = ["a", " ", "b ", "", "c", "d", "e", "f"].map((content, i) => ({ id: `${i}`, content }));
    expect(aimsToSend(aims).map((a) => a.content)).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("section order", () => {
  it("moves a section and numbers the order again", () => {
    const moved = moveSection([...DEFAULT_SECTION_ORDER], 7, 0);
    expect(moved.map((s) => s.id).slice(0, 2)).toEqual(["thoughts", "aboutMe"]);
    expect(moved.map((s) => s.order)).toEqual(DEFAULT_SECTION_ORDER.map((_, i) => i));
  });

  it("puts a saved order in shape: unknown and repeated sections dropped, missing ones after with their defaults", () => {
    const shaped = normaliseSectionOrder([
      { id: "thoughts", order: 5, visible: false },
      { id: "secret", order: 0, visible: true },
      { id: "aboutMe", order: 9, visible: true },
      { id: "thoughts", order: 1, visible: true },
    ]);
    expect(shaped.slice(0, 2)).toEqual([
      { id: "thoughts", order: 0, visible: false },
      { id: "aboutMe", order: 1, visible: true },
    ]);
    expect(shaped).toHaveLength(DEFAULT_SECTION_ORDER.length);
    expect(shaped.at(-1)).toEqual({ id: "websites", order: 10, visible: false });
  });
});

describe("the public page's items", () => {
  it("swaps a slot for the next item not shown yet, and stops when all were shown", () => {
    let slots = initialSlots(5, 3);
    expect(slots).toEqual({ shown: [0, 1, 2], next: 3 });
    slots = swapSlot(slots, 1, 5);
    expect(slots).toEqual({ shown: [0, 3, 2], next: 4 });
    slots = swapSlot(slots, 1, 5);
    expect(slots).toEqual({ shown: [0, 4, 2], next: 5 });
    expect(swapSlot(slots, 0, 5)).toBe(slots);
    expect(initialSlots(2, 3)).toEqual({ shown: [0, 1], next: 2 });
  });

  it("adds https:// to links without a scheme, and never keeps another scheme", () => {
    expect(withScheme("example.com")).toBe("https://example.com");
    expect(withScheme("http://example.com")).toBe("http://example.com");
    expect(withScheme("HTTPS://example.com")).toBe("HTTPS://example.com");
    expect(withScheme("javascript:alert(1)")).toBe("https://javascript:alert(1)");
    expect(withScheme("  ")).toBe("");
  });

  it("cuts titles to their length with an ellipsis", () => {
    expect(truncate("short", 40)).toBe("short");
    expect(truncate("x".repeat(41), 40)).toHaveLength(40);
    expect(truncate("x".repeat(41), 40).endsWith("…")).toBe(true);
  });
});
