import { describe, expect, it } from "vitest";
import { displayAddress, httpHref } from "./web-address.ts";

describe("links", () => {
  it("links http(s) addresses only", () => {
    expect(httpHref("https://example.com/feed.xml")).toBe("https://example.com/feed.xml");
    expect(httpHref("http://127.0.0.1:8080/a")).toBe("http://127.0.0.1:8080/a");
    expect(httpHref("javascript:alert(1)")).toBeNull();
    expect(httpHref("not a url")).toBeNull();
  });

  it("shows an address without its scheme or a lone trailing slash", () => {
    expect(displayAddress("https://example.com/")).toBe("example.com");
    expect(displayAddress("http://example.com/blog/")).toBe("example.com/blog/");
    expect(displayAddress("https://example.com/feed.xml")).toBe("example.com/feed.xml");
  });
});
