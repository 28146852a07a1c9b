import { describe, expect, it } from "vitest";
import { parseHTML } from "linkedom";
import { forbidsCopies, metaRobots } from "./robots.ts";

describe("robots directives", () => {
  it("forbid copies for noarchive, noindex and none, in any case and for any crawler", () => {
    for (const value of [
      "noarchive",
      "NOINDEX",
      "none",
      "noindex, nofollow",
      "googlebot: noarchive",
      "otherbot:noarchive,nosnippet",
    ]) {
      expect(forbidsCopies(value), value).toBe(true);
    }
  });

  it("allow copies otherwise", () => {
    for (const value of [
      undefined,
      "",
      "all",
      "index, follow",
      "nofollow",
      "nosnippet",
      "max-snippet:-1",
      "unavailable_after: 2030-01-01",
    ]) {
      expect(forbidsCopies(value), String(value)).toBe(false);
    }
  });

  it("read the robots meta tags of a page, whatever their case", () => {
    const { document } = parseHTML(
      `<html><head><meta name="Robots" content="index"><meta name="ROBOTS" content="noarchive"><meta name="description" content="noindex"></head><body></body></html>`,
    );
    expect(forbidsCopies(metaRobots(document))).toBe(true);
    const plain = parseHTML(`<html><head><meta name="description" content="noarchive"></head></html>`).document;
    expect(forbidsCopies(metaRobots(plain))).toBe(false);
  });
});
