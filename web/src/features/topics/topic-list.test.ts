import { describe, expect, it } from "vitest";
import { displayTopic } from "@graph/core/lib/matching/rules";
import { MESSAGES, TOPIC_LIMITS } from "@graph/core/modules/topics/rules";
import { parseTopics, topicsProblem } from "./topic-list.ts";

describe("topics", () => {
  it("capitalises each word, trims and collapses spaces", () => {
    expect(displayTopic("  neural   networks ")).toBe("Neural Networks");
    expect(displayTopic("éclairs")).toBe("Éclairs");
    expect(displayTopic("LLM evals")).toBe("LLM Evals");
    expect(displayTopic("   ")).toBe("");
  });

  it("splits on commas and line breaks, dropping empty pieces", () => {
    expect(parseTopics("rust, sourdough baking,, ,\nbird watching\r\n")).toEqual([
      "Rust",
      "Sourdough Baking",
      "Bird Watching",
    ]);
  });

  it("keeps the first of duplicates that differ only in case or spacing", () => {
    expect(parseTopics("Rust, rust,  RUST , sourdough  baking, Sourdough Baking")).toEqual([
      "Rust",
      "Sourdough Baking",
    ]);
  });

  it("removes list markers, quotes and trailing full stops an AI chat adds", () => {
    expect(parseTopics('1. urban cycling, 2) "tide pools", - mycology.')).toEqual([
      "Urban Cycling",
      "Tide Pools",
      "Mycology",
    ]);
  });

  it("keeps numbers that are part of a topic", () => {
    expect(parseTopics("3d printing, web3")).toEqual(["3d Printing", "Web3"]);
  });
});

describe("topic limits", () => {
  it("says nothing while the topics are within the server's limits", () => {
    expect(topicsProblem(["Rust", "Sourdough Baking"])).toBeNull();
    expect(topicsProblem(Array.from({ length: TOPIC_LIMITS.maxTopics }, (_, i) => `Topic ${i}`))).toBeNull();
  });

  it("warns in the server's words about too many topics or a topic too long", () => {
    expect(topicsProblem(Array.from({ length: TOPIC_LIMITS.maxTopics + 1 }, (_, i) => `Topic ${i}`))).toBe(
      MESSAGES.tooMany,
    );
    expect(topicsProblem(["x".repeat(TOPIC_LIMITS.maxLength + 1)])).toBe(MESSAGES.tooLong);
    expect(topicsProblem(["One Two Three Four Five Six Seven"])).toBe(MESSAGES.tooLong);
  });
});
