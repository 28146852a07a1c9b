import { describe, expect, it } from "vitest";
import { counted } from "./words.ts";

describe("counted", () => {
  it("says a count with its noun, one or many", () => {
    expect(counted(1, "track")).toBe("1 track");
    expect(counted(1200, "artist")).toBe("1,200 artists");
    expect(counted(0, "entry", "entries")).toBe("0 entries");
  });

  it("groups thousands", () => {
    expect(counted(1, "book")).toBe("1 book");
    expect(counted(1500, "book")).toBe("1,500 books");
  });
});
