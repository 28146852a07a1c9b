import { describe, expect, it } from "vitest";
import { needsTopicCount, topTopicsBySubject, withFallbackTopics } from "./rules.ts";

const subjects = new Map([
  ["pitch", "Cricket"],
  ["boundary", "Cricket"],
  ["kettle", "Food"],
]);
const posting = (phrase: string, articleId: string, sourceId: string) => ({ phrase, articleId, sourceId });

describe("topTopicsBySubject", () => {
  it("orders a subject's phrases by the articles of its sources they matched, ties by phrase", () => {
    const top = topTopicsBySubject(
      [
        posting("spin bowling", "a1", "pitch"),
        posting("fast bowling", "a1", "pitch"),
        posting("fast bowling", "a2", "boundary"),
        posting("fast bowling", "a3", "pitch"),
        posting("test match", "a2", "boundary"),
        posting("test match", "a4", "pitch"),
        posting("ashes", "a4", "pitch"),
      ],
      subjects,
    );
    expect(top).toEqual({
      Cricket: [
        { topic: "Fast Bowling", articles: 3 },
        { topic: "Test Match", articles: 2 },
        { topic: "Ashes", articles: 1 },
        { topic: "Spin Bowling", articles: 1 },
      ],
    });
  });

  it("counts an article once per phrase, counts other subjects' and unsubjected sources' articles for none", () => {
    const top = topTopicsBySubject(
      [
        posting("sourdough", "k1", "kettle"),
        posting("sourdough", "k1", "kettle"),
        posting("test match", "k2", "kettle"),
        posting("test match", "x1", "unlisted"),
        posting("test match", "x2", "unlisted"),
        posting("fast bowling", "p1", "pitch"),
        posting("test match", "p2", "pitch"),
      ],
      subjects,
    );
    expect(top.Food).toEqual([
      { topic: "Sourdough", articles: 1 },
      { topic: "Test Match", articles: 1 },
    ]);
    expect(top.Cricket).toEqual([
      { topic: "Fast Bowling", articles: 1 },
      { topic: "Test Match", articles: 1 },
    ]);
    expect(Object.keys(top).sort()).toEqual(["Cricket", "Food"]);
  });

  it("keeps the top `limit` of each subject", () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      Array.from({ length: 9 - i }, (_, j) => posting(`topic ${i}`, `a${j}`, "pitch")),
    ).flat();
    expect(topTopicsBySubject(many, subjects, 3).Cricket!.map((t) => t.topic)).toEqual([
      "Topic 0",
      "Topic 1",
      "Topic 2",
    ]);
  });
});

describe("withFallbackTopics", () => {
  it("keeps a subject's followed topics, and gives the built-in ones only to a subject with none", () => {
    const followed = { Cricket: ["Fast Bowling"], Food: [] as string[] };
    const builtin = { Cricket: ["Cricket"], Food: ["Baking"], Gardening: ["Houseplants"] };
    expect(withFallbackTopics(followed, builtin)).toEqual({
      Cricket: ["Fast Bowling"],
      Food: ["Baking"],
      Gardening: ["Houseplants"],
    });
    expect(withFallbackTopics({ Cricket: ["Fast Bowling"] }, {})).toEqual({ Cricket: ["Fast Bowling"] });
  });
});

describe("needsTopicCount", () => {
  it("asks for a count only when there are subjects and none has a topic", () => {
    expect(needsTopicCount([])).toBe(false);
    expect(needsTopicCount([{ topics: [] }, { topics: [] }])).toBe(true);
    expect(needsTopicCount([{ topics: [] }, { topics: ["Sourdough"] }])).toBe(false);
  });
});
