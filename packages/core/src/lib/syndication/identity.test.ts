import { describe, expect, it } from "vitest";
import { articleId, canonicalUrl, titleFingerprint } from "./identity.ts";

describe("canonicalUrl", () => {
  it.each([
    ["HTTPS://Example.COM/Path", "https://example.com/Path"],
    ["https://example.com/a#section-2", "https://example.com/a"],
    ["https://example.com:443/a", "https://example.com/a"],
    ["http://example.com:80/a", "http://example.com/a"],
    ["http://example.com:8080/a", "http://example.com:8080/a"],
    ["https://example.com/a?utm_source=rss&utm_medium=feed&utm_campaign=x", "https://example.com/a"],
    ["https://example.com/a?UTM_Source=rss&id=3", "https://example.com/a?id=3"],
    [
      "https://example.com/a?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&ref=5&ref_src=6&igshid=7&_hsenc=8&_hsmi=9&yclid=10&msclkid=11&keep=1",
      "https://example.com/a?keep=1",
    ],
    ["https://example.com/a?z=1&a=2&m=3", "https://example.com/a?a=2&m=3&z=1"],
    ["https://example.com/a?tag=b&tag=a", "https://example.com/a?tag=b&tag=a"],
    ["https://example.com/search?q=caf%C3%A9%20cr%C3%A8me", "https://example.com/search?q=caf%C3%A9%20cr%C3%A8me"],
    ["https://example.com/posts/hello/", "https://example.com/posts/hello"],
    ["https://example.com/posts/hello/?b=1", "https://example.com/posts/hello?b=1"],
    ["https://example.com/", "https://example.com/"],
    ["https://example.com", "https://example.com/"],
    ["https://example.com/?", "https://example.com/"],
    ["http://example.com/a", "http://example.com/a"],
    ["https://www.youtube.com/watch?v=Qw3rTy7uI9o&utm_source=x", "https://www.youtube.com/watch?v=Qw3rTy7uI9o"],
  ])("%s → %s", (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const once = canonicalUrl("HTTP://A.example:80/x/y/?utm_term=1&b=2&a=1#top");
    expect(canonicalUrl(once)).toBe(once);
  });

  it("keeps http and https apart", () => {
    expect(canonicalUrl("http://example.com/a")).not.toBe(canonicalUrl("https://example.com/a"));
  });

  it("throws for text that is not an absolute URL", () => {
    expect(() => canonicalUrl("/relative/path")).toThrow(TypeError);
  });
});

describe("titleFingerprint", () => {
  it("gives near-identical headlines one fingerprint", () => {
    const variants = [
      "Apple unveils new M5 chip",
      "Apple Unveils New M5 Chip!",
      "Apple unveils new M5 chip - The Verge",
      "Apple unveils new M5 chip | Ars Technica",
      "  Apple unveils   the new M5 chip…  ",
      "Apple unveils new M5 chip — Reuters",
    ];
    const fingerprints = new Set(variants.map(titleFingerprint));
    expect(fingerprints.size).toBe(1);
    expect([...fingerprints][0]).toBe("apple chip m5 new unveil");
  });

  it("folds diacritics and case", () => {
    expect(titleFingerprint("Café crème prices soar in Zürich")).toBe(
      titleFingerprint("CAFE CREME PRICES SOAR IN ZURICH"),
    );
  });

  it("keeps different stories apart", () => {
    const stories = [
      "Apple unveils new M5 chip",
      "Apple unveils new M4 chip",
      "Apple delays new M5 chip",
      "Intel unveils new chip",
      "Apple unveils new M5 chip for iPad",
    ];
    expect(new Set(stories.map(titleFingerprint)).size).toBe(stories.length);
  });

  it("does not strip a tail after a headline too short to stand alone", () => {
    expect(titleFingerprint("Live updates - Day 3")).not.toBe(titleFingerprint("Live updates - Day 4"));
  });

  it("does not take a long tail for a site name", () => {
    expect(titleFingerprint("Rates rise again - and markets shrug it off entirely this time")).not.toBe(
      titleFingerprint("Rates rise again"),
    );
  });
});

describe("articleId", () => {
  it("is a stable 22-character base64url hash of source and GUID", () => {
    const id = articleId("src_1", "guid-1");
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(articleId("src_1", "guid-1")).toBe(id);
  });

  it("differs by source and by GUID", () => {
    const id = articleId("src_1", "guid-1");
    expect(articleId("src_2", "guid-1")).not.toBe(id);
    expect(articleId("src_1", "guid-2")).not.toBe(id);
    expect(articleId("src_1g", "uid-1")).not.toBe(articleId("src_1", "guid-1"));
  });
});
