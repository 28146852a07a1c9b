import { describe, expect, it } from "vitest";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { TUMBLE_WORDS, createTumbler, pickTumbleWord } from "./find-tumble.ts";

/** A seeded generator, so runs repeat. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("TUMBLE_WORDS", () => {
  it("is the built-in topic list itself", () => {
    expect(TUMBLE_WORDS).toBe(BUILTIN_TOPICS);
    expect(TUMBLE_WORDS.length).toBeGreaterThanOrEqual(190);
    expect(TUMBLE_WORDS.length).toBeLessThanOrEqual(230);
  });

  it("holds only words long enough to search for", () => {
    for (const word of TUMBLE_WORDS) expect(word.trim().length, word).toBeGreaterThanOrEqual(2);
  });
});

describe("pickTumbleWord", () => {
  const words = ["Rust", "Go", "Zig"];

  it("picks by the random number across the whole list", () => {
    expect(pickTumbleWord(words, [], () => 0)).toBe("Rust");
    expect(pickTumbleWord(words, [], () => 0.5)).toBe("Go");
    expect(pickTumbleWord(words, [], () => 0.9999)).toBe("Zig");
  });

  it("never answers a word it was told to avoid, ignoring case and spacing", () => {
    expect(pickTumbleWord(words, ["Rust"], () => 0)).toBe("Go");
    expect(pickTumbleWord(words, ["  rust "], () => 0)).toBe("Go");
    expect(pickTumbleWord(words, ["Rust", "go"], () => 0)).toBe("Zig");
    expect(pickTumbleWord(["Open  Source", "Linux"], ["open source"], () => 0)).toBe("Linux");
  });

  it("ignores empty things to avoid", () => {
    expect(pickTumbleWord(words, [null, undefined, ""], () => 0)).toBe("Rust");
  });

  it("still answers when every word is avoided, and '' with no words", () => {
    expect(pickTumbleWord(["Rust"], ["Rust"], () => 0)).toBe("Rust");
    expect(pickTumbleWord([], [], () => 0)).toBe("");
  });

  it("stays in range for odd random numbers", () => {
    expect(pickTumbleWord(words, [], () => 1)).toBe("Zig");
    expect(pickTumbleWord(words, [], () => -1)).toBe("Rust");
    expect(pickTumbleWord(words, [], () => Number.NaN)).toBe("Rust");
  });

  it("reaches every word of the built-in list", () => {
    const random = seeded(7);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(pickTumbleWord(TUMBLE_WORDS, [], random));
    expect(seen.size).toBe(TUMBLE_WORDS.length);
  });
});

describe("createTumbler", () => {
  it("never gives the same word twice in a row", () => {
    const tumbler = createTumbler(TUMBLE_WORDS, seeded(42));
    let previous = tumbler.next();
    for (let i = 0; i < 2000; i++) {
      const word = tumbler.next(previous);
      expect(word).not.toBe(previous);
      previous = word;
    }
  });

  it("remembers its last word even when the field was changed since", () => {
    const tumbler = createTumbler(["Rust", "Go"], () => 0);
    expect(tumbler.next()).toBe("Rust");
    expect(tumbler.last).toBe("Rust");
    expect(tumbler.next("something typed")).toBe("Go");
    expect(tumbler.next("")).toBe("Rust");
  });

  it("avoids what the field shows as well", () => {
    const tumbler = createTumbler(["Rust", "Go", "Zig"], () => 0);
    expect(tumbler.next("rust")).toBe("Go");
    expect(tumbler.next("zig")).toBe("Rust");
  });

  it("works with a single word", () => {
    const tumbler = createTumbler(["Rust"], () => 0.5);
    expect(tumbler.next()).toBe("Rust");
    expect(tumbler.next()).toBe("Rust");
  });
});
