import { describe, expect, it } from "vitest";
import { sameSiteRule } from "./identity.ts";

const sameSite = await sameSiteRule();

describe("sameSite: a link on its source's site", () => {
  it.each([
    ["https://www.nytimes.com/2024/04/12/story.html", "https://nytimes.com"],
    ["https://nytimes.com/a", "https://www.nytimes.com/"],
    ["https://cooking.nytimes.com/recipes/1", "https://www.nytimes.com"],
    ["http://news.bbc.co.uk/1", "https://www.bbc.co.uk"],
    ["https://alice.github.io/post", "https://alice.github.io/"],
    ["http://127.0.0.1:8080/a", "http://127.0.0.1/"],
    ["https://WWW.Example.COM/x", "https://example.com"],
  ])("%s is on %s", (link, site) => {
    expect(sameSite(link, site)).toBe(true);
  });

  it.each([
    ["https://nytimes.com.evil.example/a", "https://www.nytimes.com"],
    ["https://evilnytimes.com/a", "https://nytimes.com"],
    ["https://bob.github.io/post", "https://alice.github.io"],
    ["https://bbc.co.uk/a", "https://itv.co.uk"],
    ["http://127.0.0.2/a", "http://127.0.0.1/"],
    ["https://example.com/a", "not a url"],
    ["javascript:alert(1)", "https://example.com"],
  ])("%s is not on %s", (link, site) => {
    expect(sameSite(link, site)).toBe(false);
  });
});
