import { describe, expect, it } from "vitest";
import { postingsPerTopic } from "./rules.ts";

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
