import { describe, expect, it } from "vitest";
import { inGroupOrder, PICKS_GROUP, postingsPerTopic } from "./rules.ts";

describe("postings a refresh reads per topic", () => {
  it("looks deep into each of a few topics", () => {
    expect(postingsPerTopic(1)).toBe(200);
    expect(postingsPerTopic(20)).toBe(200);
  });

  it("shares about 4,000 among many topics", () => {
    expect(postingsPerTopic(40)).toBe(100);
    expect(postingsPerTopic(100)).toBe(40);
    expect(postingsPerTopic(100) * 100).toBeLessThanOrEqual(4_000);
  });

  it("never reads fewer than 30 of a topic, however many the person has", () => {
    expect(postingsPerTopic(300)).toBe(30);
  });

  it("treats no topics as one", () => {
    expect(postingsPerTopic(0)).toBe(200);
  });
});

describe("picks in their groups' order", () => {
  it("puts the named groups in order, then any other, then the general picks, each as it came", () => {
    const picks = [
      { id: 1, group: PICKS_GROUP },
      { id: 2, group: "Jazz" },
      { id: 3, group: "Unlisted" },
      { id: 4, group: "Tides" },
      { id: 5, group: PICKS_GROUP },
      { id: 6, group: "Jazz" },
    ];
    expect(inGroupOrder(picks, ["Tides", "Jazz", PICKS_GROUP]).map((p) => p.id)).toEqual([4, 2, 6, 3, 1, 5]);
    // An older session's order named the picks first: they still come last.
    expect(inGroupOrder(picks, [PICKS_GROUP, "Jazz", "Tides"]).map((p) => p.id)).toEqual([2, 6, 4, 3, 1, 5]);
  });
});
