import { describe, expect, it } from "vitest";
import { compatibility, rarity } from "./score.ts";

const held = (keys: string[], people = 1) => keys.map((key) => ({ key, people }));

describe("compatibility", () => {
  it("is 100 for the same items and 0 for nothing in common", () => {
    const items = held(["topic:a", "topic:b"], 3);
    expect(compatibility(items, items).score).toBe(100);
    expect(compatibility(held(["topic:a"]), held(["topic:b"])).score).toBe(0);
    expect(compatibility([], []).score).toBe(0);
  });

  it("scores a rare shared item above a common one", () => {
    const own = (prefix: string) => held([`${prefix}1`, `${prefix}2`, `${prefix}3`]);
    const rare = compatibility(
      [...own("a"), { key: "topic:jazz piano", people: 2 }],
      [...own("b"), { key: "topic:jazz piano", people: 2 }],
    );
    const common = compatibility(
      [...own("a"), { key: "topic:music", people: 5000 }],
      [...own("b"), { key: "topic:music", people: 5000 }],
    );
    expect(rare.score).toBeGreaterThan(common.score);
  });

  it("names the rarest shared items first, with their shares", () => {
    const a = [
      { key: "topic:music", people: 900 },
      { key: "topic:jazz piano", people: 2 },
      { key: "article:x", people: 10 },
    ];
    const { top } = compatibility(a, a, 2);
    expect(top.map((t) => t.key)).toEqual(["topic:jazz piano", "article:x"]);
    expect(top[0]!.share).toBeGreaterThan(top[1]!.share);
  });

  it("weighs an item held by one person 1 and falls with more people", () => {
    expect(rarity(1)).toBeCloseTo(1, 1);
    expect(rarity(10)).toBeGreaterThan(rarity(1000));
    expect(rarity(0)).toBe(rarity(1));
  });
});
