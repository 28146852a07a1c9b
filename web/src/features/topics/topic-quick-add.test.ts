import { describe, expect, it } from "vitest";
import { MESSAGES, TOPIC_LIMITS } from "@graph/core/modules/topics/rules";
import { isSubmitKey, planQuickAdd } from "./topic-quick-add.ts";

describe("planQuickAdd", () => {
  it("splits on commas and capitalises each word", () => {
    expect(planQuickAdd("rust lang, kelp forests", []).topics).toEqual(["Rust Lang", "Kelp Forests"]);
  });

  it("trims, collapses spaces, drops empty terms and keeps capitals that were typed", () => {
    expect(planQuickAdd("  neural   networks ,, ,LLM evals,", []).topics).toEqual(["Neural Networks", "LLM Evals"]);
  });

  it("treats a line break (Shift+Enter) like a comma", () => {
    expect(planQuickAdd("tide pools\nurban cycling", []).topics).toEqual(["Tide Pools", "Urban Cycling"]);
  });

  it("sends a repeated term once", () => {
    expect(planQuickAdd("jazz, Jazz, JAZZ", []).topics).toEqual(["Jazz"]);
  });

  it("leaves out the person's own topics, whatever their case, and names them", () => {
    const plan = planQuickAdd("rust lang, jazz", ["Rust Lang"]);
    expect(plan.topics).toEqual(["Jazz"]);
    expect(plan.known).toEqual(["Rust Lang"]);
    expect(plan.problem).toBeNull();
  });

  it("tells topics apart as the server does: plurals, accents and case aside", () => {
    const plan = planQuickAdd("kelp forest, cafe, Zurich, Kelp Forest", ["Kelp Forests", "Café"]);
    expect(plan.topics).toEqual(["Zurich"]);
    expect(plan.known).toEqual(["Kelp Forests", "Café"]);
  });

  it("sends no term without letters or digits", () => {
    expect(planQuickAdd("!!!, ---, jazz", []).topics).toEqual(["Jazz"]);
  });

  it("has nothing to send for a blank draft", () => {
    expect(planQuickAdd("  , \n ", [])).toEqual({ topics: [], known: [], problem: null });
  });

  it("says why the server would refuse a topic that is too long", () => {
    expect(planQuickAdd("one two three four five six seven", []).problem).toBe(MESSAGES.tooLong);
    expect(planQuickAdd("x".repeat(TOPIC_LIMITS.maxLength + 1), []).problem).toBe(MESSAGES.tooLong);
  });

  it("says so when the new topics would pass the limit on topics", () => {
    const existing = Array.from({ length: TOPIC_LIMITS.maxTopics - 1 }, (_, i) => `Topic ${i}`);
    expect(planQuickAdd("alpha", existing).problem).toBeNull();
    expect(planQuickAdd("alpha, beta", existing).problem).toBe(MESSAGES.tooMany);
  });
});

describe("isSubmitKey", () => {
  it("submits on Enter alone", () => {
    expect(isSubmitKey({ key: "Enter", shiftKey: false })).toBe(true);
  });

  it("does not submit on Shift+Enter, other keys or an IME composition", () => {
    expect(isSubmitKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSubmitKey({ key: "a", shiftKey: false })).toBe(false);
    expect(isSubmitKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
  });
});
