import { describe, expect, it } from "vitest";
import { BUILTIN_TOPICS } from "./builtin.ts";

describe("BUILTIN_TOPICS", () => {
  it("has about two hundred topics", () => {
    expect(BUILTIN_TOPICS.length).toBeGreaterThanOrEqual(190);
    expect(BUILTIN_TOPICS.length).toBeLessThanOrEqual(230);
  });

  it("is distinct ignoring case and spacing", () => {
    const keys = BUILTIN_TOPICS.map((t) =>
      t
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim(),
    );
    expect(new Set(keys).size).toBe(BUILTIN_TOPICS.length);
  });

  it("holds one to three capitalised words each, trimmed", () => {
    for (const topic of BUILTIN_TOPICS) {
      expect(topic).toBe(topic.trim().replace(/\s+/g, " "));
      const words = topic.split(" ");
      expect(words.length, topic).toBeGreaterThanOrEqual(1);
      expect(words.length, topic).toBeLessThanOrEqual(3);
      const lowercaseJoiners = new Set(["de", "and", "of"]);
      for (const word of words) if (!lowercaseJoiners.has(word)) expect(word, topic).toMatch(/^[A-Z0-9]/);
    }
  });

  it("cannot be changed at run time", () => {
    expect(Object.isFrozen(BUILTIN_TOPICS)).toBe(true);
  });
});
