import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT, StringIds } from "./string-ids.ts";
import { propertyRuns } from "../../../../../tests/support/property-runs.ts";

describe("StringIds", () => {
  it("answers a key's value, ABSENT for a key it does not hold", () => {
    const ids = new StringIds();
    ids.set("kubelet", 0);
    ids.set("pod", 7);
    expect(ids.get("kubelet")).toBe(0);
    expect(ids.get("pod")).toBe(7);
    expect(ids.get("po")).toBe(ABSENT);
    expect(ids.get("")).toBe(ABSENT);
    expect(ids.has("pod")).toBe(true);
    expect(ids.size).toBe(2);
  });

  it("tells apart keys of other scripts, and keys differing in one code unit", () => {
    const ids = new StringIds();
    for (const [i, key] of ["東京", "東京都", "москва", "zürich", "zurich", "🎉", ""].entries()) ids.set(key, i);
    expect(["東京", "東京都", "москва", "zürich", "zurich", "🎉", ""].map((key) => ids.get(key))).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(ids.get("東")).toBe(ABSENT);
  });

  it("forgets every key when cleared, and holds new ones after", () => {
    const ids = new StringIds();
    for (let i = 0; i < 100; i++) ids.set(`key${i}`, i);
    ids.clear();
    expect(ids.size).toBe(0);
    expect(ids.get("key1")).toBe(ABSENT);
    ids.set("key2", 5);
    expect(ids.get("key2")).toBe(5);
    expect(ids.get("key3")).toBe(ABSENT);
    // The empty string is a key like any other, cleared too.
    const empty = new StringIds();
    empty.set("", 1);
    empty.clear();
    expect(empty.get("")).toBe(ABSENT);
  });

  it("refuses values it cannot hold", () => {
    expect(() => new StringIds().set("a", -1)).toThrow(RangeError);
    expect(() => new StringIds().set("a", 1.5)).toThrow(RangeError);
  });

  it("answers what a Map answers through sets, replacements and removals, as it grows and compacts", () => {
    // Few keys, so sets replace, removals find what they remove, and the pool compacts.
    const key = fc.stringMatching(/^[a-c]{0,3}$/);
    const op = fc.oneof(
      fc.record({ set: key, value: fc.nat({ max: 1000 }) }),
      fc.record({ remove: key }),
      fc.record({ get: key }),
      fc.record({ add: key, value: fc.nat({ max: 1000 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 50, maxLength: 300 }), (ops) => {
        const ids = new StringIds(1);
        const map = new Map<string, number>();
        for (const o of ops) {
          if ("set" in o) {
            ids.set(o.set, o.value);
            map.set(o.set, o.value);
          } else if ("add" in o) {
            expect(ids.add(o.add, o.value)).toBe(!map.has(o.add));
            if (!map.has(o.add)) map.set(o.add, o.value);
          } else if ("remove" in o) {
            expect(ids.delete(o.remove)).toBe(map.delete(o.remove));
          } else {
            expect(ids.get(o.get)).toBe(map.get(o.get) ?? ABSENT);
          }
        }
        expect(ids.size).toBe(map.size);
        for (const [k, v] of map) expect(ids.get(k)).toBe(v);
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it("keeps thousands of keys through removals and re-adds", () => {
    const ids = new StringIds();
    const word = (i: number) => `w${i.toString(36)}`;
    for (let i = 0; i < 20_000; i++) ids.set(word(i), i);
    for (let i = 0; i < 20_000; i += 2) ids.delete(word(i));
    for (let i = 0; i < 20_000; i += 4) ids.set(word(i), i + 1);
    expect(ids.size).toBe(15_000);
    for (let i = 0; i < 20_000; i++) {
      expect(ids.get(word(i))).toBe(i % 4 === 0 ? i + 1 : i % 2 === 0 ? ABSENT : i);
    }
  });
});
