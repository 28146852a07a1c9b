import { describe, expect, it } from "vitest";
import { nextOffset, withPickAdded } from "./api.ts";

describe("following feed paging", () => {
  it("asks for the next page after full pages and stops after a short one", () => {
    const full = Array.from({ length: 10 }, (_, i) => i);
    expect(nextOffset([])).toBeUndefined();
    expect(nextOffset([full])).toBe(10);
    expect(nextOffset([full, full])).toBe(20);
    expect(nextOffset([full, full.slice(0, 9)])).toBeUndefined();
    expect(nextOffset([[]])).toBeUndefined();
  });

  it("sets one pick's added state wherever it appears", () => {
    const session = (ids: string[]) => ({
      graphpicks: ids.map((article_id) => ({ article_id, isAddedToGraph: false })),
    });
    const pages = [[session(["a", "b"])], [session(["a"])]];
    const changed = withPickAdded(pages, "a", true);
    expect(
      changed.flat().flatMap((s) => s.graphpicks.filter((p) => p.isAddedToGraph).map((p) => p.article_id)),
    ).toEqual(["a", "a"]);
    expect(pages[0]![0]!.graphpicks[0]!.isAddedToGraph).toBe(false);
  });
});
