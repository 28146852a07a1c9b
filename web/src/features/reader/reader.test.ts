import { describe, expect, it } from "vitest";
import type { FeedArticle, FeedResponse } from "../feed/index.ts";
import { cardIn, publisherName, withSeen } from "./reader.ts";

const card = (id: string, seen = false) => ({ id, title: id, seen }) as FeedArticle;
const feed = {
  groups: { picks: [card("a"), card("b", true)] },
  groupOrder: ["picks"],
  earlier: [{ refreshedAt: "2026-11-27T00:00:00Z", articles: [card("c")] }],
} as unknown as FeedResponse;

describe("the reader view's rules", () => {
  it("finds a card in the current session or an earlier one", () => {
    expect(cardIn(feed, "a")?.id).toBe("a");
    expect(cardIn(feed, "c")?.id).toBe("c");
    expect(cardIn(feed, "zz")).toBeUndefined();
    expect(cardIn(undefined, "a")).toBeUndefined();
  });

  it("marks an opened article seen, and leaves a feed without it (or with it seen) as it was", () => {
    expect(cardIn(withSeen(feed, "a"), "a")?.seen).toBe(true);
    expect(cardIn(withSeen(feed, "c"), "c")?.seen).toBe(true);
    expect(withSeen(feed, "b")).toBe(feed);
    expect(withSeen(feed, "zz")).toBe(feed);
  });

  it("names the publisher by its host", () => {
    expect(publisherName("https://www.harbour.example/a/b")).toBe("harbour.example");
    expect(publisherName("not a link")).toBe("the publisher's site");
  });
});
