import { describe, expect, it } from "vitest";
import { excerptOf, MAX_EXCERPT_LENGTH, readingMinutes, withoutBoilerplate, wordCount } from "./excerpt.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("excerpts", () => {
  it("drops the feed software's boilerplate", () => {
    expect(withoutBoilerplate("A short note on tides. The post Tides appeared first on Harbor Ledger.")).toBe(
      "A short note on tides.",
    );
    expect(withoutBoilerplate("Lead paragraph here […] Continue reading →")).toBe("Lead paragraph here");
    expect(withoutBoilerplate("Lead. Read more »")).toBe("Lead.");
  });

  it("cuts a long summary at a word, with an ellipsis, within the limit", () => {
    const excerpt = excerptOf(words(200))!;
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt).toMatch(/word\d+…$/);
  });

  it("gives none for an empty summary or one that repeats the title", () => {
    expect(excerptOf("  ")).toBeUndefined();
    expect(excerptOf("The post X appeared first on Y.")).toBeUndefined();
    expect(excerptOf("Tides, explained!", "Tides explained")).toBeUndefined();
    expect(excerptOf("Why tides turn", "Tides explained")).toBe("Why tides turn");
  });
});

describe("reading time", () => {
  it("needs enough text: none for a teaser, minutes for an article", () => {
    expect(readingMinutes(words(149))).toBeUndefined();
    expect(readingMinutes(words(150))).toBe(1);
    expect(readingMinutes(words(2300))).toBe(10);
  });

  it("gives none for a long text that ends as a teaser", () => {
    expect(readingMinutes(`${words(400)} …`)).toBeUndefined();
    expect(readingMinutes(`${words(400)} Continue reading`)).toBeUndefined();
    expect(readingMinutes(`${words(400)} [...] The post A appeared first on B.`)).toBeUndefined();
  });

  it("counts Chinese and Japanese characters as half a word", () => {
    expect(wordCount("日本語の文章です")).toBe(4);
    expect(wordCount("one two, three — 4")).toBe(4);
  });
});
