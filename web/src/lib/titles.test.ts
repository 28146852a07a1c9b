import { describe, expect, it } from "vitest";
import { cardTitle, truncateTitle } from "./titles.ts";

describe("truncateTitle", () => {
  it("leaves short titles alone", () => {
    expect(truncateTitle("short", 160)).toBe("short");
    expect(truncateTitle("x".repeat(160), 160)).toBe("x".repeat(160));
  });

  it("cuts long titles to the limit including the ellipsis", () => {
    const cut = truncateTitle("y".repeat(200), 160);
    expect(Array.from(cut)).toHaveLength(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(Array.from(truncateTitle("z".repeat(200), 114))).toHaveLength(114);
  });

  it("never splits a character made of two code units", () => {
    const cut = truncateTitle("😀".repeat(10), 5);
    expect(cut).toBe("😀😀😀😀…");
  });
});

describe("cardTitle", () => {
  it("drops a stored title's trailing source name beside which the card shows that name", () => {
    expect(cardTitle("Tides rise early - Harbor Ledger ", "Harbor Ledger")).toBe("Tides rise early");
    expect(cardTitle(" Rust 2.0 - what changes ", "Harbor Ledger")).toBe("Rust 2.0 - what changes");
  });
});
