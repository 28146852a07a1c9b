import { describe, expect, it } from "vitest";
import { withoutSourceSuffix } from "./rules.ts";

describe("withoutSourceSuffix", () => {
  it("drops a trailing source name after each separator sites use", () => {
    for (const separator of [" - ", " | ", " — ", " – ", " · "]) {
      expect(withoutSourceSuffix(`Tides rise early${separator}Harbor Ledger`, "Harbor Ledger")).toBe("Tides rise early");
    }
  });

  it("compares the name by its letters and digits, case aside", () => {
    expect(withoutSourceSuffix("Tides rise early | HARBOR-LEDGER", "Harbor Ledger")).toBe("Tides rise early");
    expect(withoutSourceSuffix("Tides rise early - The Verge  ", "the verge")).toBe("Tides rise early");
  });

  it("looks only at the last separator", () => {
    expect(withoutSourceSuffix("Harbor Ledger - a history - Harbor Ledger", "Harbor Ledger")).toBe(
      "Harbor Ledger - a history",
    );
    expect(withoutSourceSuffix("Harbor Ledger - a history", "Harbor Ledger")).toBe("Harbor Ledger - a history");
  });

  it("keeps a tail that is not the source's name", () => {
    expect(withoutSourceSuffix("Rust 2.0 - what changes", "Harbor Ledger")).toBe("Rust 2.0 - what changes");
    expect(withoutSourceSuffix("Tides rise early - Harbor Ledger Weekly", "Harbor Ledger")).toBe(
      "Tides rise early - Harbor Ledger Weekly",
    );
  });

  it("keeps separators without spaces around them, and hyphenated words", () => {
    expect(withoutSourceSuffix("Tides rise early -Harbor Ledger", "Harbor Ledger")).toBe(
      "Tides rise early -Harbor Ledger",
    );
    expect(withoutSourceSuffix("Well-known-Harbor", "Harbor")).toBe("Well-known-Harbor");
  });

  it("keeps a title that would be left empty, and any title when the source has no name", () => {
    expect(withoutSourceSuffix(" - Harbor Ledger", "Harbor Ledger")).toBe(" - Harbor Ledger");
    expect(withoutSourceSuffix("Tides rise early - Harbor Ledger", undefined)).toBe("Tides rise early - Harbor Ledger");
    expect(withoutSourceSuffix("Tides rise early - !!", "!!")).toBe("Tides rise early - !!");
  });
});
