import { describe, expect, it } from "vitest";
import { withIdAt, withoutId } from "./list-edits.ts";

const a = { id: "a" };
const b = { id: "b" };
const c = { id: "c" };

describe("withoutId", () => {
  it("drops the item of that id and keeps the order of the rest", () => {
    expect(withoutId([a, b, c], "b")).toEqual([a, c]);
  });

  it("leaves the list as it was when the id is not there", () => {
    expect(withoutId([a, c], "b")).toEqual([a, c]);
  });
});

describe("withIdAt", () => {
  it("puts an item back where it was", () => {
    expect(withIdAt([a, c], b, 1)).toEqual([a, b, c]);
    expect(withIdAt([b, c], a, 0)).toEqual([a, b, c]);
  });

  it("clamps the place to the list (it may have shrunk meanwhile)", () => {
    expect(withIdAt([a], c, 5)).toEqual([a, c]);
    expect(withIdAt([b], a, -1)).toEqual([a, b]);
  });

  it("never duplicates an item that is back already", () => {
    expect(withIdAt([a, b], { id: "b" }, 0)).toEqual([a, b]);
  });
});
