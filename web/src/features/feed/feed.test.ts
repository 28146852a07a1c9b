import { describe, expect, it } from "vitest";
import {
  type FeedArticle,
  type FeedResponse,
  earlierLabel,
  feedLoadPlan,
  formatAge,
  formatCountdown,
  isArticleAdded,
  msUntil,
  orderedGroups,
  parseCachedFeed,
  withAddedState,
  withoutSource,
} from "./feed.ts";

const NOW = Date.parse("2025-06-01T12:00:00.000Z");

function article(id: string, over: Partial<FeedArticle> = {}): FeedArticle {
  return {
    id,
    title: `title ${id}`,
    link: `https://example.com/${id}`,
    source_name: "Example",
    source_id: "src-1",
    type: "other",
    bestMatchingKeywords: ["Rust"],
    isAddedToGraph: false,
    publishedAt: "2025-06-01T10:00:00.000Z",
    seen: false,
    ...over,
  };
}

function feed(over: Partial<FeedResponse> = {}): FeedResponse {
  return {
    groups: { picks: [article("a")] },
    nextRefreshTime: new Date(NOW + 60_000).toISOString(),
    nextManualRefreshTime: null,
    refreshedAt: new Date(NOW - 60_000).toISOString(),
    plan: "free",
    preparing: false,
    caughtUp: false,
    groupOrder: ["picks"],
    sessionStartedAt: new Date(NOW - 60_000).toISOString(),
    version: "",
    refreshesUsed: 1,
    refreshesPerDay: 3,
    earlier: [],
    ...over,
  };
}

describe("formatCountdown", () => {
  it("shows mm:ss under an hour", () => {
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(9_000)).toBe("00:09");
    expect(formatCountdown(4 * 60_000 + 59_000)).toBe("04:59");
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe("59:59");
  });

  it("shows h:mm:ss from one hour up", () => {
    expect(formatCountdown(3_600_000)).toBe("1:00:00");
    expect(formatCountdown(3_600_000 + 5 * 60_000 + 7_000)).toBe("1:05:07");
    expect(formatCountdown(8 * 3_600_000)).toBe("8:00:00");
  });

  it("rounds partial seconds up so 00:00 means the time has come", () => {
    expect(formatCountdown(1)).toBe("00:01");
    expect(formatCountdown(59_001)).toBe("01:00");
  });

  it("reads negative and unreadable amounts as zero", () => {
    expect(formatCountdown(-5_000)).toBe("00:00");
    expect(formatCountdown(Number.NaN)).toBe("00:00");
  });
});

describe("msUntil", () => {
  it("counts down to an ISO time and stops at zero", () => {
    expect(msUntil(new Date(NOW + 1500).toISOString(), NOW)).toBe(1500);
    expect(msUntil(new Date(NOW - 1500).toISOString(), NOW)).toBe(0);
    expect(msUntil(null, NOW)).toBe(0);
    expect(msUntil("not a date", NOW)).toBe(0);
  });
});

describe("orderedGroups", () => {
  it("puts starred topics' groups first in the server's order, picks last, leaving out empty ones", () => {
    const groups = { Rust: [article("r")], Empty: [], picks: [article("p")], Baking: [article("b")] };
    expect(orderedGroups(groups).map((g) => g.name)).toEqual(["Rust", "Baking", "picks"]);
  });

  it("follows the server's groupOrder, which a topic named like a number cannot reorder", () => {
    // Object keys that read as integers come first whatever order they were written in.
    const groups = { picks: [article("p")], "2024": [article("y")], Rust: [article("r")] };
    expect(orderedGroups(groups, ["Rust", "2024", "picks"]).map((g) => g.name)).toEqual(["Rust", "2024", "picks"]);
  });

  it("has no groups when there is nothing to show", () => {
    expect(orderedGroups({ picks: [] })).toEqual([]);
    expect(orderedGroups(undefined)).toEqual([]);
  });
});

describe("added state", () => {
  it("marks every copy of an article and leaves the others", () => {
    const before = feed({ groups: { picks: [article("a"), article("b")], Rust: [article("a")] } });
    const after = withAddedState(before, "a", true);
    expect(after.groups.picks?.map((a) => a.isAddedToGraph)).toEqual([true, false]);
    expect(after.groups.Rust?.[0]?.isAddedToGraph).toBe(true);
    expect(before.groups.picks?.[0]?.isAddedToGraph).toBe(false);
    expect(isArticleAdded(after, "a")).toBe(true);
    expect(isArticleAdded(after, "missing")).toBeUndefined();
  });
});

describe("cached feed", () => {
  it("is checked with the server by its version, and never shown unchecked", () => {
    const raw = JSON.stringify(feed({ version: "v1" }));
    expect(feedLoadPlan(raw, null)).toEqual({ revalidate: feed({ version: "v1" }), clearForceFlag: false });
  });

  it("is skipped when the forced-refresh flag is set, which also asks for the flag to be cleared", () => {
    expect(feedLoadPlan(JSON.stringify(feed({ version: "v1" })), "true")).toEqual({
      revalidate: null,
      clearForceFlag: true,
    });
  });

  it("is not used without a version (a copy stored before versions), nor when missing", () => {
    expect(feedLoadPlan(JSON.stringify(feed()), null)).toEqual({ revalidate: null, clearForceFlag: false });
    expect(feedLoadPlan(null, null)).toEqual({ revalidate: null, clearForceFlag: false });
  });

  it("reads only stored values shaped like a feed", () => {
    expect(parseCachedFeed(JSON.stringify(feed()))).toEqual(feed());
    expect(parseCachedFeed(null)).toBeNull();
    expect(parseCachedFeed("{not json")).toBeNull();
    expect(parseCachedFeed(JSON.stringify({ groups: [] }))).toBeNull();
    expect(parseCachedFeed(JSON.stringify({ groups: { picks: {} }, nextRefreshTime: "x" }))).toBeNull();
  });
});

describe("earlier sessions", () => {
  it("are labelled earlier today, else by their day", () => {
    expect(earlierLabel(new Date(NOW - 3_600_000).toISOString(), NOW)).toBe("earlier today");
    expect(earlierLabel(new Date(NOW - 2 * 86_400_000).toISOString(), NOW)).not.toBe("earlier today");
    expect(earlierLabel("not a time", NOW)).toBe("earlier");
  });
});

describe("formatAge", () => {
  it("gives a short age", () => {
    expect(formatAge(new Date(NOW - 10_000).toISOString(), NOW)).toBe("now");
    expect(formatAge(new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe("5m");
    expect(formatAge(new Date(NOW - 3 * 3_600_000).toISOString(), NOW)).toBe("3h");
    expect(formatAge(new Date(NOW - 2 * 86_400_000).toISOString(), NOW)).toBe("2d");
    expect(formatAge(new Date(NOW - 400 * 86_400_000).toISOString(), NOW)).toBe("1y");
    expect(formatAge(new Date(NOW + 60_000).toISOString(), NOW)).toBe("now");
    expect(formatAge("nope", NOW)).toBe("");
  });
});

describe("silencing a source", () => {
  it("takes its cards away and its name from 'also covered by'", () => {
    const covers = (...ids: string[]) =>
      ids.map((id) => ({ source_name: `Source ${id}`, source_id: id, link: `https://${id}.example/story` }));
    const before = feed({
      groups: {
        picks: [
          article("a", { alsoCoveredBy: covers("src-2", "src-3") }),
          article("b", { source_id: "src-2" }),
          article("c", { alsoCoveredBy: covers("src-2") }),
        ],
      },
    });
    const after = withoutSource(before, "src-2").groups.picks!;
    expect(after.map((a) => a.id)).toEqual(["a", "c"]);
    expect(after[0]!.alsoCoveredBy).toEqual(covers("src-3"));
    expect(after[1]).not.toHaveProperty("alsoCoveredBy");
  });
});
