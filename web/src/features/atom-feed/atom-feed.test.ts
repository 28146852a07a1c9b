import { describe, expect, it } from "vitest";
import { atomFeedView } from "./atom-feed.ts";

describe("the Atom feed section", () => {
  it("is off, on with its address, or on with an address it cannot show", () => {
    expect(atomFeedView({ enabled: false, url: null, createdAt: null })).toBe("off");
    expect(
      atomFeedView({ enabled: true, url: "https://graph.example/api/atom/x", createdAt: "2026-11-26T04:00:00.000Z" }),
    ).toBe("on");
    expect(atomFeedView({ enabled: true, url: null, createdAt: "2026-11-26T04:00:00.000Z" })).toBe("unreadable");
  });
});
