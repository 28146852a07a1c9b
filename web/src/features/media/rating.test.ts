import { describe, expect, it } from "vitest";
import { RATINGS, ratingAt, ratingText, starFill } from "./rating.ts";

describe("ratings", () => {
  it("are 1 to 5 in half steps", () => {
    expect(RATINGS).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });

  it("fill stars whole and by halves", () => {
    expect([1, 2, 3, 4, 5].map((p) => starFill(3.5, p))).toEqual(["full", "full", "full", "half", "empty"]);
    expect([1, 2, 3, 4, 5].map((p) => starFill(null, p))).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(starFill(5, 5)).toBe("full");
  });

  it("map each half of a star to a rating, the first star's halves both to 1", () => {
    expect(ratingAt(1, "left")).toBe(1);
    expect(ratingAt(1, "right")).toBe(1);
    expect(ratingAt(4, "left")).toBe(3.5);
    expect(ratingAt(4, "right")).toBe(4);
  });

  it("are said in words", () => {
    expect(ratingText(3.5)).toBe("3.5 stars");
    expect(ratingText(1)).toBe("1 star");
    expect(ratingText(null)).toBe("no rating");
  });
});
