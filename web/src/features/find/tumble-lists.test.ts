import { describe, expect, it } from "vitest";
import { countText, readDraft, usableList } from "./tumble-lists.ts";

const lists = [
  { id: "builtin", name: "graph's topics", terms: 200, included: true },
  { id: "food", name: "food", terms: 55, included: true },
  { id: "mine", name: "your list", terms: 0, included: true },
  { id: "arts", name: "arts", terms: 56, included: false },
];

describe("usableList", () => {
  it("keeps the choice while the plan includes it and it has terms, else the built-in list", () => {
    expect(usableList("food", lists)).toBe("food");
    expect(usableList("arts", lists)).toBe("builtin");
    expect(usableList("mine", lists)).toBe("builtin");
    expect(usableList("gone", lists)).toBe("builtin");
    expect(usableList("food", undefined)).toBe("food");
  });
});

describe("readDraft", () => {
  it("reads one term a line, blank lines skipped, duplicates dropped ignoring case", () => {
    expect(readDraft("kelp\n\n  Tidal  power \nKELP\n")).toEqual({ terms: ["kelp", "Tidal power"], problem: null });
  });

  it("names the line of the first bad term", () => {
    expect(readDraft("kelp\n\n1984").problem).toBe("line 3: A term needs a letter.");
    expect(readDraft(`${"x".repeat(61)}`).problem).toMatch(/^line 1: A term is at most 60 characters/);
  });

  it("says when the draft holds more terms than the list", () => {
    const many = Array.from({ length: 501 }, (_, i) => `term ${i}`).join("\n");
    expect(readDraft(many).problem).toBe("Your list holds at most 500 terms.");
    expect(countText(12)).toBe("12 of 500 terms");
  });
});
