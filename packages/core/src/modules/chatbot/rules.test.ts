import { describe, expect, it } from "vitest";
import { articleLine, fit, MAX_REPLY_CHARS, parseCommand, plain } from "./rules.ts";

describe("the bot's commands", () => {
  it.each([
    ["help", { kind: "help" }],
    ["  HELP!  ", { kind: "help" }],
    ["Help?", { kind: "help" }],
    ["what's new on climate", { kind: "news", topic: "climate" }],
    ["Whats new on Climate Change?", { kind: "news", topic: "Climate Change" }],
    ["what\u2019s new about solar power", { kind: "news", topic: "solar power" }],
    ["What is new in AI.", { kind: "news", topic: "AI" }],
    ["what's new online gaming", { kind: "news", topic: "online gaming" }],
    ["news on rust", { kind: "news", topic: "rust" }],
    ["what's new", { kind: "news", topic: "" }],
    ["find solar sails", { kind: "find", words: "solar sails" }],
    ["Search for 'heron migration'", { kind: "find", words: "heron migration" }],
    ["search forests", { kind: "find", words: "forests" }],
    ["find", { kind: "find", words: "" }],
    ["My topics?", { kind: "myTopics" }],
    ["list my topics", { kind: "myTopics" }],
    ["suggest topics", { kind: "suggest" }],
    ["Suggest some topics!", { kind: "suggest" }],
    ["hello there", { kind: "unknown" }],
    ["finding nemo", { kind: "unknown" }],
    ["what's newer", { kind: "unknown" }],
    ["", { kind: "unknown" }],
  ])("reads %j", (text, command) => {
    expect(parseCommand(text)).toEqual(command);
  });
});

describe("the bot's formatting", () => {
  it("keeps outside text from formatting the message", () => {
    expect(plain("**Big** news_of\nthe `day`")).toBe("Big newsof the day");
    expect(plain("x".repeat(300), 20)).toHaveLength(20);
    expect(articleLine(2, { title: "A *star*", link: "https://a.example/1", source: "Wire" })).toBe(
      "2. **A star** (Wire)\nhttps://a.example/1",
    );
  });

  it("keeps every answer within the limit", () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i} ${"y".repeat(i % 50)}`).join("\n");
    expect(fit(long).length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(fit("x".repeat(9000)).length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(fit("short")).toBe("short");
  });
});
