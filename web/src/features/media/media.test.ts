import { describe, expect, it } from "vitest";
import { bookByline, movieByline, yearOf } from "./media.ts";

describe("rows", () => {
  it("show a book's authors (three at most) and year", () => {
    expect(bookByline({ authors: ["Frank Herbert"], publication_date: "1965" })).toBe("Frank Herbert · 1965");
    expect(bookByline({ authors: ["A", "B", "C", "D"], publication_date: null })).toBe("A, B, C and others");
    expect(bookByline({ authors: [], publication_date: "2001-05-01" })).toBe("2001");
  });

  it("show a film's year", () => {
    expect(movieByline({ release_date: "1999-10-15" })).toBe("1999");
    expect(movieByline({ release_date: null })).toBe("");
    expect(yearOf("")).toBeNull();
  });
});
