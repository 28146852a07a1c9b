import { describe, expect, it } from "vitest";
import {
  SOURCE_SEARCH,
  asSilenced,
  isSilenced,
  isTooShortForSourceSearch,
  siteHost,
  sourceSearchTerm,
} from "./silenced-sources.ts";

describe("sourceSearchTerm", () => {
  it("searches from 2 characters, as the spec has it, after trimming", () => {
    expect(SOURCE_SEARCH.minChars).toBe(2);
    expect(SOURCE_SEARCH.debounceMs).toBe(250);
    expect(sourceSearchTerm("")).toBeNull();
    expect(sourceSearchTerm("n")).toBeNull();
    expect(sourceSearchTerm("  n  ")).toBeNull();
    expect(sourceSearchTerm("na")).toBe("na");
    expect(sourceSearchTerm("  nasa  ")).toBe("nasa");
  });

  it("folds runs of spaces", () => {
    expect(sourceSearchTerm("quanta \n  magazine")).toBe("quanta magazine");
  });

  it("cuts the query to the longest the server takes", () => {
    const long = "a".repeat(SOURCE_SEARCH.maxChars + 20);
    expect(sourceSearchTerm(long)).toBe("a".repeat(SOURCE_SEARCH.maxChars));
    expect(sourceSearchTerm(`${"a".repeat(SOURCE_SEARCH.maxChars - 1)} b`)).toBe(
      "a".repeat(SOURCE_SEARCH.maxChars - 1),
    );
  });
});

describe("isTooShortForSourceSearch", () => {
  it("is true only for some text that is too short", () => {
    expect(isTooShortForSourceSearch("")).toBe(false);
    expect(isTooShortForSourceSearch("  ")).toBe(false);
    expect(isTooShortForSourceSearch("n")).toBe(true);
    expect(isTooShortForSourceSearch("na")).toBe(false);
  });
});

describe("the silenced list", () => {
  it("holds a found source by its id", () => {
    const silenced = [asSilenced({ id: "src_1", name: "NASA" })];
    expect(silenced).toEqual([{ id: "src_1", sourceId: "src_1", name: "NASA" }]);
    expect(isSilenced(silenced, "src_1")).toBe(true);
    expect(isSilenced(silenced, "src_2")).toBe(false);
    expect(isSilenced(undefined, "src_1")).toBe(false);
  });
});

describe("siteHost", () => {
  it("shows a site by its host", () => {
    expect(siteHost("https://www.nasa.gov/news/")).toBe("nasa.gov");
    expect(siteHost("http://127.0.0.1:4000/")).toBe("127.0.0.1");
    expect(siteHost("nonsense")).toBe("nonsense");
  });
});
