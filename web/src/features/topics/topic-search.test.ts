import { describe, expect, it } from "vitest";
import { createTopicSearch } from "./topic-search.ts";

const topics = [
  { id: "1", topic: "Rust Lang" },
  { id: "2", topic: "Kelp Forests" },
  { id: "3", topic: "Sourdough Baking" },
  { id: "4", topic: "Éclairs" },
  { id: "5", topic: "History Of Medieval Maritime Trade Routes" },
];
const names = (found: Array<{ topic: string }>) => found.map((t) => t.topic);

describe("createTopicSearch", () => {
  const search = createTopicSearch(topics);

  it("answers every topic, in order, for an empty or blank query", () => {
    expect(names(search(""))).toEqual(names(topics));
    expect(names(search("   "))).toEqual(names(topics));
  });

  it("finds a topic by part of its name, ignoring case", () => {
    expect(names(search("kelp"))).toEqual(["Kelp Forests"]);
    expect(names(search("SOURDOUGH"))).toEqual(["Sourdough Baking"]);
  });

  it("still finds a topic through a typo", () => {
    expect(names(search("kelp frests"))).toEqual(["Kelp Forests"]);
    expect(names(search("sourdugh"))).toEqual(["Sourdough Baking"]);
  });

  it("finds a word anywhere in a long name", () => {
    expect(names(search("routes"))).toEqual(["History Of Medieval Maritime Trade Routes"]);
  });

  it("ignores accents", () => {
    expect(names(search("eclairs"))).toEqual(["Éclairs"]);
  });

  it("leaves out what is too far from the query (threshold 0.25)", () => {
    expect(search("zzqx")).toEqual([]);
    // Two wrong letters in four is too far.
    expect(names(search("rxsy"))).toEqual([]);
  });

  it("answers the best match first", () => {
    const many = createTopicSearch([{ topic: "Rusty Tools" }, { topic: "Rust" }]);
    expect(names(many("rust"))[0]).toBe("Rust");
  });
});
