import { describe, expect, it } from "vitest";
import { type ListData, placeOf, listCount, withAdded, withItemAt, withReplaced, withoutItem } from "./paged-list.ts";

const item = (id: string, note = "") => ({ id, note });
type Item = ReturnType<typeof item>;
const shelf = (...pages: string[][]): ListData<Item> => ({
  pages: pages.map((ids, i) => ({
    items: ids.map((id) => item(id)),
    cursor: i < pages.length - 1 ? `c${i}` : null,
    count: 5,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const ids = (data: ListData<Item>) => data.pages.map((p) => p.items.map((i) => i.id));

describe("shelf cache", () => {
  it("adds a new item first and counts it", () => {
    const data = withAdded(shelf(["a", "b"], ["c", "d", "e"]), item("n"));
    expect(ids(data)).toEqual([
      ["n", "a", "b"],
      ["c", "d", "e"],
    ]);
    expect(data.pages.map((p) => p.count)).toEqual([6, 6]);
  });

  it("keeps one of an item added twice, moved first, and the count as it was", () => {
    const data = withAdded(shelf(["a", "b"], ["c", "d", "e"]), item("d", "again"));
    expect(ids(data)).toEqual([
      ["d", "a", "b"],
      ["c", "e"],
    ]);
    expect(data.pages[0]!.items[0]!.note).toBe("again");
    expect(listCount(data)).toBe(5);
  });

  it("removes an item and puts it back where it was", () => {
    const before = shelf(["a", "b"], ["c", "d", "e"]);
    const place = placeOf(before, "d")!;
    expect(place).toEqual({ page: 1, index: 1 });
    const without = withoutItem(before, "d");
    expect(ids(without)).toEqual([
      ["a", "b"],
      ["c", "e"],
    ]);
    expect(listCount(without)).toBe(4);
    const back = withItemAt(without, item("d"), place);
    expect(ids(back)).toEqual(ids(before));
    expect(listCount(back)).toBe(5);
  });

  it("does not count a removal of what is not there, nor put back what is", () => {
    const data = shelf(["a"]);
    expect(withoutItem(data, "zz")).toBe(data);
    expect(withItemAt(data, item("a"), { page: 0, index: 0 })).toBe(data);
  });

  it("replaces an edited item in place", () => {
    const data = withReplaced(shelf(["a", "b"]), item("b", "edited"));
    expect(data.pages[0]!.items.map((i) => i.note)).toEqual(["", "edited"]);
  });
});
