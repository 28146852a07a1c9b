import { describe, expect, it } from "vitest";
import { AIM_LIMITS } from "@graph/core/modules/topics/rules";
import { parseTopics } from "../topics/index.ts";
import {
  AIMS_PROMPT,
  TOPICS_PROMPT,
  hasAllTopics,
  hasTopicsDraft,
  hasUnbracketedAimText,
  parseAims,
  withTopics,
} from "./onboarding.ts";

describe("the topics draft", () => {
  it("lets the person proceed only with a draft that is non-empty after trimming", () => {
    expect(hasTopicsDraft("")).toBe(false);
    expect(hasTopicsDraft(" \n\t ")).toBe(false);
    expect(hasTopicsDraft(" rust ")).toBe(true);
  });
});

describe("aims", () => {
  it("reads the text inside each pair of brackets", () => {
    expect(parseAims("[run a marathon], [ship  my app ]")).toEqual(["run a marathon", "ship my app"]);
  });

  it("drops empty aims and ignores text outside brackets", () => {
    expect(parseAims("intro [ ], [learn welsh] and more, []")).toEqual(["learn welsh"]);
    expect(parseAims("no brackets at all")).toEqual([]);
  });

  it("keeps at most 5 aims", () => {
    expect(parseAims("[a], [b], [c], [d], [e], [f], [g]")).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("cuts an aim to 280 characters", () => {
    const long = "x".repeat(400);
    const [aim] = parseAims(`[${long}]`);
    expect(aim).toHaveLength(AIM_LIMITS.maxLength);
  });

  it("keeps commas inside an aim", () => {
    expect(parseAims("[read more, write more], [sleep]")).toEqual(["read more, write more", "sleep"]);
  });

  it("notices text written outside brackets", () => {
    expect(hasUnbracketedAimText("[a], [b] ")).toBe(false);
    expect(hasUnbracketedAimText("[a], b")).toBe(true);
    expect(hasUnbracketedAimText("")).toBe(false);
  });
});

describe("prompts", () => {
  it("asks for 100 niche comma-separated topics of at most 3 words, at most 3 closely related", () => {
    expect(TOPICS_PROMPT).toMatch(/100 niche topics/);
    expect(TOPICS_PROMPT).toMatch(/at most 3 words/);
    expect(TOPICS_PROMPT).toMatch(/At most 3 of the topics may be closely related/);
    expect(TOPICS_PROMPT).toMatch(/comma-separated/);
  });

  it("asks for 5 bracketed aims of at most 15 words, 3 personal and 2 professional", () => {
    expect(AIMS_PROMPT).toMatch(/5 aims/);
    expect(AIMS_PROMPT).toMatch(/3 personal and 2 professional/);
    expect(AIMS_PROMPT).toMatch(/at most 15 words/);
    expect(AIMS_PROMPT).toMatch(/\[square brackets\]/);
  });
});

describe("a subject's topics", () => {
  it("are added at the end of the draft, comma-separated", () => {
    expect(withTopics("", ["Fast Bowling", "Test Match"])).toBe("Fast Bowling, Test Match");
    expect(withTopics("rust, tide pools,  \n", ["Fast Bowling"])).toBe("rust, tide pools, Fast Bowling");
    expect(parseTopics(withTopics("rust\nbirds", ["Sourdough"]))).toEqual(["Rust", "Birds", "Sourdough"]);
  });

  it("leave out the ones the draft holds already, as the server tells topics apart", () => {
    expect(withTopics("fast  bowling, rust", ["Fast Bowling", "Test Match", "test match"])).toBe(
      "fast  bowling, rust, Test Match",
    );
    expect(withTopics("Test Match", ["test match"])).toBe("Test Match");
  });

  it("tell whether the draft holds all of them", () => {
    expect(hasAllTopics("fast bowling, test match", ["Fast Bowling", "Test Match"])).toBe(true);
    expect(hasAllTopics("fast bowling", ["Fast Bowling", "Test Match"])).toBe(false);
  });
});
