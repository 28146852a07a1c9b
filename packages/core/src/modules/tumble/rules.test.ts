import { describe, expect, it } from "vitest";
import { BUILTIN_TOPICS } from "../topics/rules.ts";
import {
  checkTerms,
  fixedTerms,
  pickTerm,
  THEME_IDS,
  THEMES,
  TUMBLE_LIMITS,
  TUMBLE_LIST_IDS,
  TUMBLE_LIST_NAMES,
} from "./rules.ts";

describe("the themed lists", () => {
  it("are at least twelve, naming the themes graph sells", () => {
    expect(THEME_IDS.length).toBeGreaterThanOrEqual(12);
    for (const theme of [
      "science",
      "technology",
      "arts",
      "culture",
      "sport",
      "food",
      "travel",
      "history",
      "health",
      "business",
      "nature",
      "games",
    ]) {
      expect(THEME_IDS, theme).toContain(theme);
    }
  });

  it("hold at least fifty distinct, trimmed, lower-case terms each, none empty", () => {
    for (const theme of THEME_IDS) {
      const terms = THEMES[theme];
      expect(terms.length, theme).toBeGreaterThanOrEqual(50);
      expect(new Set(terms.map((t) => t.toLowerCase())).size, theme).toBe(terms.length);
      for (const term of terms) {
        expect(term, theme).toBe(term.trim().replace(/\s+/g, " "));
        expect(term, theme).toBe(term.toLowerCase());
        expect(term.length, theme).toBeGreaterThanOrEqual(3);
        expect(term.length, theme).toBeLessThanOrEqual(TUMBLE_LIMITS.maxLength);
        expect(term, theme).toMatch(/\p{L}/u);
      }
    }
  });

  it("name each term in one theme only, so a tumbled term tells its list", () => {
    const seen = new Map<string, string>();
    for (const theme of THEME_IDS) {
      for (const term of THEMES[theme]) {
        expect(seen.get(term), `${term} in ${theme}`).toBeUndefined();
        seen.set(term, theme);
      }
    }
  });

  it("pass the rule a written list is held to", () => {
    for (const theme of THEME_IDS) expect(checkTerms(THEMES[theme]).problem, theme).toBeUndefined();
  });
});

describe("the lists", () => {
  it("are the built-in list, the themes, the person's topics and their own, each named", () => {
    expect(TUMBLE_LIST_IDS).toEqual(["builtin", ...THEME_IDS, "topics", "mine"]);
    for (const id of TUMBLE_LIST_IDS) expect(TUMBLE_LIST_NAMES[id], id).not.toBe("");
    expect(fixedTerms("builtin")).toBe(BUILTIN_TOPICS);
    expect(fixedTerms("food")).toBe(THEMES.food);
    expect(fixedTerms("topics")).toBeUndefined();
    expect(fixedTerms("mine")).toBeUndefined();
  });
});

describe("checkTerms", () => {
  it("trims, collapses spaces and drops duplicates ignoring case, keeping the first spelling", () => {
    expect(checkTerms(["  Rust ", "rust", "open   source", "Open Source", "kelp"])).toEqual({
      terms: ["Rust", "open source", "kelp"],
      tooMany: false,
    });
  });

  it("refuses the first empty, too long, letterless or broken term by its place", () => {
    expect(checkTerms(["ok", "  "]).problem).toEqual({ index: 1, term: "", code: "term_empty" });
    expect(checkTerms(["x".repeat(61)]).problem?.code).toBe("term_too_long");
    expect(checkTerms(["é".repeat(60)]).problem).toBeUndefined();
    expect(checkTerms(["1984"]).problem).toEqual({ index: 0, term: "1984", code: "term_no_letters" });
    expect(checkTerms(["a\u0000b"]).problem?.code).toBe("term_invalid");
    expect(checkTerms(["東京"]).problem).toBeUndefined();
  });

  it("says when the distinct terms are more than a list holds", () => {
    const many = Array.from({ length: TUMBLE_LIMITS.maxTerms }, (_, i) => `term ${i}`);
    expect(checkTerms(many).tooMany).toBe(false);
    expect(checkTerms([...many, "TERM 0"]).tooMany).toBe(false);
    expect(checkTerms([...many, "one more"]).tooMany).toBe(true);
  });
});

describe("pickTerm", () => {
  it("picks across the list and never a term it was told to avoid, ignoring case and spacing", () => {
    expect(pickTerm(["Rust", "Go", "Zig"], [], () => 0.5)).toBe("Go");
    expect(pickTerm(["Rust", "Go", "Zig"], [" rust "], () => 0)).toBe("Go");
    expect(pickTerm(["Rust"], ["rust"], () => 0)).toBe("Rust");
    expect(pickTerm([], [], () => 0)).toBe("");
  });
});
