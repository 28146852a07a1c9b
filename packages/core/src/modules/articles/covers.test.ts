import { describe, expect, it } from "vitest";
import { MAX_COVERED_BY, coverOf, withCovers, type Cover } from "./covers.ts";

const cover = (sourceId: string, articleId = `${sourceId}-1`): Cover =>
  coverOf({ articleId, sourceId, sourceName: `Source ${sourceId}`, link: `https://${sourceId}.example/story` });

describe("the copies an original names", () => {
  it("adds a copy from another source", () => {
    expect(withCovers("own", undefined, [cover("a")])).toEqual([cover("a")]);
    expect(withCovers("own", [cover("a")], [cover("b")])).toEqual([cover("a"), cover("b")]);
  });

  it("changes nothing for a copy named already (a retried store), from the same source, or from its own source", () => {
    expect(withCovers("own", [cover("a")], [cover("a")])).toBeUndefined();
    expect(withCovers("own", [cover("a")], [cover("a", "a-2")])).toBeUndefined();
    expect(withCovers("own", undefined, [cover("own")])).toBeUndefined();
  });

  it("keeps one per source, the first, in order, when copies move to a new original", () => {
    expect(withCovers("own", undefined, [cover("a"), cover("own"), cover("b"), cover("a", "a-2")])).toEqual([
      cover("a"),
      cover("b"),
    ]);
  });

  it(`names at most ${MAX_COVERED_BY} copies`, () => {
    const many = Array.from({ length: MAX_COVERED_BY + 5 }, (_, i) => cover(`s${i}`));
    expect(withCovers("own", undefined, many)).toHaveLength(MAX_COVERED_BY);
    expect(withCovers("own", many.slice(0, MAX_COVERED_BY), [cover("late")])).toBeUndefined();
  });
});
