import { describe, expect, it } from "vitest";
import {
  association,
  builtinWhy,
  countedPhrases,
  expiryOf,
  firstDayName,
  mergeOutside,
  mergePartners,
  monthOf,
  overlap,
  pairsOf,
  previousMonthOf,
  rankSuggestions,
  type SeedEvidence,
} from "./suggestion-rules.ts";

const nothingExcluded = () => false;

describe("association", () => {
  it("ranks two niche topics that appear together above a pairing with a topic in everything", () => {
    // Rust in 7 articles; Borrow Checker in 3, all with Rust; Technology in 20, 4 with Rust.
    expect(association(3, 7, 3)).toBeGreaterThan(association(4, 7, 20));
    // Even with far more shared articles, a topic in every article goes with nothing in particular.
    expect(association(5, 10, 5)).toBeGreaterThan(association(9, 10, 10_000));
  });

  it("weighs a single shared article less than a few", () => {
    expect(association(1, 1, 1)).toBeLessThan(association(3, 3, 3));
    expect(association(1, 1, 1)).toBeCloseTo(1 / 3);
  });

  it("is 0 without evidence and never reaches 1", () => {
    expect(association(0, 5, 5)).toBe(0);
    expect(association(3, 0, 5)).toBe(0);
    expect(association(Number.NaN, 5, 5)).toBe(0);
    // Counts from different moments may disagree (a pair above a count): still below 1.
    expect(association(50, 10, 10)).toBeLessThan(1);
  });

  it("grows with the share of articles two topics have in common", () => {
    expect(association(2, 10, 10)).toBeLessThan(association(5, 10, 10));
    expect(association(5, 10, 10)).toBeLessThan(association(9, 10, 10));
  });
});

describe("mergePartners", () => {
  it("adds new partners and raises counts, never lowers them", () => {
    const merged = mergePartners({ rust: [3, 7], go: [2, 9] }, { rust: [2, 6], zig: [1, 1] }, 10, 40);
    expect(merged).toEqual({ rust: [3, 7], go: [2, 9], zig: [1, 1] });
  });

  it("answers null when nothing changes, so nothing is written", () => {
    expect(mergePartners({ rust: [3, 7] }, { rust: [3, 7] }, 10, 40)).toBeNull();
    expect(mergePartners({ rust: [3, 7] }, { rust: [2, 5] }, 10, 40)).toBeNull();
  });

  it("keeps the strongest associations when over the cap, not the most frequent pairs", () => {
    const current = { niche: [3, 3] as [number, number], everything: [4, 1000] as [number, number] };
    const merged = mergePartners(current, { other: [2, 2] }, 7, 2);
    expect(Object.keys(merged!).sort()).toEqual(["niche", "other"]);
  });

  it("answers null when a newcomer is too weak to enter a full list", () => {
    const current = { a: [5, 5] as [number, number], b: [4, 4] as [number, number] };
    expect(mergePartners(current, { weak: [1, 500] }, 10, 2)).toBeNull();
  });
});

describe("countedPhrases and pairsOf", () => {
  it("counts at most the strongest matches of an article, title first", () => {
    const matches = Array.from({ length: 12 }, (_, i) => ({
      phrase: `p${String(i).padStart(2, "0")}`,
      titleCount: i === 11 ? 1 : 0,
      bodyCount: i,
    }));
    const counted = countedPhrases(matches, 8);
    expect(counted).toHaveLength(8);
    expect(counted).toContain("p11");
    expect(counted).toContain("p04");
    expect(counted).not.toContain("p03");
    expect(counted).toEqual([...counted].sort());
  });

  it("makes each pair once, in order", () => {
    expect(pairsOf(["rust", "borrow checker", "rust", "cargo"])).toEqual([
      ["borrow checker", "cargo"],
      ["borrow checker", "rust"],
      ["cargo", "rust"],
    ]);
    expect(pairsOf(Array.from({ length: 8 }, (_, i) => `p${i}`))).toHaveLength(28);
    expect(pairsOf(["solo"])).toEqual([]);
  });
});

describe("rankSuggestions", () => {
  const rust: SeedEvidence = {
    topic: "Rust",
    articles: 7,
    partners: [
      { phrase: "technology", pair: 4, pairThisMonth: 4, articles: 20 },
      { phrase: "borrow checker", pair: 3, pairThisMonth: 3, articles: 3 },
      { phrase: "tokio", pair: 2, pairThisMonth: 1, articles: 2 },
    ],
  };

  it("orders by evidence, with why in words", () => {
    const ranked = rankSuggestions({ seeds: [rust], peers: [], excluded: nothingExcluded, since: "April 1" });
    expect(ranked.map((r) => r.phrase)).toEqual(["borrow checker", "tokio", "technology"]);
    expect(ranked[0]!.why).toBe("appears with Rust in 3 articles this month");
    // Part of the evidence is from last month.
    expect(ranked[1]!.why).toBe("appears with Rust in 2 articles since April 1");
  });

  it("adds up evidence from several seeds, naming the strongest", () => {
    const go: SeedEvidence = {
      topic: "Go",
      articles: 5,
      partners: [{ phrase: "technology", pair: 5, pairThisMonth: 5, articles: 20 }],
    };
    const alone = rankSuggestions({ seeds: [rust], peers: [], excluded: nothingExcluded, since: "April 1" });
    const both = rankSuggestions({ seeds: [rust, go], peers: [], excluded: nothingExcluded, since: "April 1" });
    const score = (list: typeof alone, phrase: string) => list.find((r) => r.phrase === phrase)!.score;
    expect(score(both, "technology")).toBeGreaterThan(score(alone, "technology"));
    expect(both.find((r) => r.phrase === "technology")!.why).toBe("appears with Go in 5 articles this month");
  });

  it("counts the topics of people with overlapping topics, and says who", () => {
    const ranked = rankSuggestions({
      seeds: [],
      peers: [
        { similarity: 0.5, shared: ["Rust"], topics: [{ phrase: "kelp forest", topic: "Kelp Forest" }] },
        {
          similarity: 0.4,
          shared: ["Rust", "Go"],
          topics: [
            { phrase: "kelp forest", topic: "Kelp forest" },
            { phrase: "tide pool", topic: "Tide Pool" },
          ],
        },
      ],
      excluded: nothingExcluded,
      since: "April 1",
    });
    expect(ranked.map((r) => [r.phrase, r.topic, r.why])).toEqual([
      ["kelp forest", "Kelp Forest", "followed by 2 people who also follow Rust"],
      ["tide pool", "Tide Pool", "followed by 1 person who also follows Go"],
    ]);
  });

  it("ranks a strong association above a topic one person who shares a topic follows", () => {
    const ranked = rankSuggestions({
      seeds: [rust],
      peers: [{ similarity: 0.7, shared: ["Rust"], topics: [{ phrase: "kelp forest", topic: "Kelp Forest" }] }],
      excluded: nothingExcluded,
      since: "April 1",
    });
    expect(ranked.map((r) => r.phrase).slice(0, 2)).toEqual(["borrow checker", "tokio"]);
    expect(ranked.map((r) => r.phrase)).toContain("kelp forest");
  });

  it("never answers an excluded phrase, and nothing without evidence", () => {
    const ranked = rankSuggestions({
      seeds: [rust],
      peers: [{ similarity: 0, shared: [], topics: [{ phrase: "nobody", topic: "Nobody" }] }],
      excluded: (phrase) => phrase === "borrow checker",
      since: "April 1",
    });
    expect(ranked.map((r) => r.phrase)).toEqual(["tokio", "technology"]);
  });
});

describe("overlap and builtinWhy", () => {
  it("measures shared topics against both lists", () => {
    expect(overlap(2, 4, 4)).toBeCloseTo(0.5);
    expect(overlap(2, 2, 200)).toBeLessThan(overlap(2, 2, 4));
    expect(overlap(0, 2, 2)).toBe(0);
  });

  it("says how many people follow a built-in topic", () => {
    expect(builtinWhy(0)).toBe("one of graph's starter topics");
    expect(builtinWhy(1)).toBe("followed by 1 person on graph");
    expect(builtinWhy(12)).toBe("followed by 12 people on graph");
  });
});

describe("months", () => {
  it("names months and their expiry", () => {
    const may = Date.UTC(2026, 4, 31, 23, 59);
    expect(monthOf(may)).toBe("2026-05");
    expect(previousMonthOf(may)).toBe("2026-04");
    expect(previousMonthOf(Date.UTC(2026, 0, 1))).toBe("2025-12");
    expect(firstDayName("2026-04")).toBe("April 1");
    // April is read in April and May; it goes on June 2.
    expect(new Date(expiryOf("2026-04") * 1000).toISOString()).toBe("2026-06-02T00:00:00.000Z");
    expect(new Date(expiryOf("2025-12") * 1000).toISOString()).toBe("2026-02-02T00:00:00.000Z");
  });
});

describe("mergeOutside", () => {
  const ranked = ["a", "b", "c", "d", "e"].map((phrase, i) => ({ phrase, score: 5 - i, why: `ranked ${phrase}` }));
  const outside = ["x", "y"].map((phrase) => ({ phrase, topic: phrase.toUpperCase(), why: `outside ${phrase}` }));

  it("gives every third place to the next outside suggestion while both last", () => {
    expect(mergeOutside(ranked, outside, 7).map((s) => s.phrase)).toEqual(["a", "b", "x", "c", "d", "y", "e"]);
    expect(mergeOutside(ranked, outside, 4).map((s) => s.phrase)).toEqual(["a", "b", "x", "c"]);
  });

  it("lets either fill what the other leaves", () => {
    expect(mergeOutside([], outside, 10).map((s) => s.why)).toEqual(["outside x", "outside y"]);
    expect(mergeOutside(ranked.slice(0, 1), outside, 10).map((s) => s.phrase)).toEqual(["a", "x", "y"]);
    expect(mergeOutside(ranked, [], 3).map((s) => s.phrase)).toEqual(["a", "b", "c"]);
  });

  it("keeps a ranked suggestion's place and why when it also comes from outside", () => {
    const merged = mergeOutside(ranked.slice(0, 2), [{ phrase: "b", topic: "B", why: "outside b" }, ...outside], 10);
    expect(merged.map((s) => [s.phrase, s.why])).toEqual([
      ["a", "ranked a"],
      ["b", "ranked b"],
      ["x", "outside x"],
      ["y", "outside y"],
    ]);
  });
});
