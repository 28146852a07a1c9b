import { describe, expect, it, vi } from "vitest";
import type { Posting } from "../articles/index.ts";
import type { Topic } from "../topics/index.ts";
import {
  choose,
  chooseUnseen,
  diversePicks,
  eligible,
  keywordsOf,
  scoreCandidates,
  supertagShare,
  type Candidate,
} from "./scoring.ts";

const NOW = Date.UTC(2026, 10, 25, 12);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const topic = (name: string, isSupertag = false): Topic => ({
  userId: "u",
  topicId: `t-${name}`,
  topic: name,
  phrase: name.toLowerCase(),
  isSupertag,
  createdAt: 0,
});

const posting = (articleId: string, phrase: string, facts: Partial<Posting> = {}): Posting => ({
  phrase,
  articleId,
  sourceId: "src",
  publishedAt: NOW,
  inTitle: false,
  titleCount: 0,
  bodyCount: 1,
  ...facts,
});

const scoreOf = (candidates: Candidate[], articleId: string) =>
  candidates.find((c) => c.articleId === articleId)!.score;

describe("scoring", () => {
  const jazz = topic("Jazz");
  const rust = topic("Rust");

  it("adds up the topics an article matched, best first, as its why", () => {
    const scored = scoreCandidates(
      [posting("both", "jazz"), posting("both", "rust", { inTitle: true, titleCount: 1 }), posting("one", "jazz")],
      [jazz, rust],
      new Map(),
      NOW,
      DAY,
    );
    expect(scoreOf(scored, "both")).toBeGreaterThan(scoreOf(scored, "one"));
    expect(keywordsOf(scored.find((c) => c.articleId === "both")!)).toEqual(["Rust", "Jazz"]);
  });

  it("counts a supertag double and a match in the title double", () => {
    const scored = scoreCandidates(
      [posting("plain", "jazz"), posting("titled", "jazz", { inTitle: true }), posting("starred", "rust")],
      [jazz, topic("Rust", true)],
      new Map(),
      NOW,
      DAY,
    );
    expect(scoreOf(scored, "titled")).toBeCloseTo(2 * scoreOf(scored, "plain"));
    expect(scoreOf(scored, "starred")).toBeCloseTo(2 * scoreOf(scored, "plain"));
  });

  it("ranks a match of a rare topic above one of a common topic", () => {
    const scored = scoreCandidates(
      [posting("rare", "rust"), posting("common", "jazz")],
      [jazz, rust],
      new Map([
        ["rust", 0.9],
        ["jazz", 0.1],
      ]),
      NOW,
      DAY,
    );
    expect(scoreOf(scored, "rare")).toBeGreaterThan(scoreOf(scored, "common"));
  });

  it("halves freshness over a quarter of the window, never below six hours", () => {
    const day = scoreCandidates(
      [posting("new", "jazz"), posting("six-hours", "jazz", { publishedAt: NOW - 6 * HOUR })],
      [jazz],
      new Map(),
      NOW,
      DAY,
    );
    // Fresh: 0.3 + 0.7 × 1; one half-life old: 0.3 + 0.7 × 0.5.
    expect(scoreOf(day, "six-hours") / scoreOf(day, "new")).toBeCloseTo(0.65 / 1);
    const year = scoreCandidates(
      [posting("new", "jazz"), posting("week", "jazz", { publishedAt: NOW - 7 * DAY })],
      [jazz],
      new Map(),
      NOW,
      365 * DAY,
    );
    expect(scoreOf(year, "week") / scoreOf(year, "new")).toBeCloseTo(0.65);
  });

  it("ignores postings of phrases that are not the person's", () => {
    expect(scoreCandidates([posting("x", "opera")], [jazz], new Map(), NOW, DAY)).toEqual([]);
  });
});

const candidate = (articleId: string, score: number, sourceId = "src", topics: Topic[] = []): Candidate => ({
  articleId,
  sourceId,
  publishedAt: NOW,
  score,
  topics: topics.map((t) => ({ topic: t, weight: 1 })),
});

describe("choosing", () => {
  it("discounts each further pick from a source already picked", () => {
    const pool = [candidate("a1", 10, "a"), candidate("a2", 9, "a"), candidate("b1", 7, "b")];
    // a2 is worth 9 × 0.6 = 5.4 once a1 is picked: b1 (7) comes first.
    expect(diversePicks(pool, 3).map((c) => c.articleId)).toEqual(["a1", "b1", "a2"]);
  });

  it("leaves out what is excluded and keeps the best first", () => {
    const pool = [candidate("low", 1), candidate("high", 5), candidate("gone", 9)];
    expect(eligible(pool, (c) => c.articleId === "gone").map((c) => c.articleId)).toEqual(["high", "low"]);
  });

  it("gives each supertag its own group before the best of the rest", () => {
    const star = topic("Jazz", true);
    const unseen = [candidate("top", 10, "s1"), candidate("starred", 2, "s2", [star]), candidate("next", 9, "s3")];
    const chosen = choose(unseen, [star], 1, 3);
    expect(chosen.map((c) => [c.candidate.articleId, c.group])).toEqual([
      ["starred", "Jazz"],
      ["top", "picks"],
      ["next", "picks"],
    ]);
  });

  it("lets starred topics share a session's posts before the other topics", () => {
    // The free plan's 14 a session: two supertags take 5 each, five take 3 each (all of it).
    expect(supertagShare(14, 2)).toBe(5);
    expect(supertagShare(14, 5)).toBe(3);
    expect(supertagShare(2, 5)).toBe(1);
    expect(supertagShare(0, 5)).toBe(0);
    expect(supertagShare(14, 0)).toBe(0);
  });

  it("fills a small budget with a supertag's match before a better ordinary one", async () => {
    const star = topic("Jazz", true);
    const pool = [candidate("top", 10, "s1"), candidate("starred", 1, "s2", [star])];
    const chosen = await chooseUnseen(pool, [star], 1, async () => new Set());
    expect(chosen.map((c) => [c.candidate.articleId, c.group])).toEqual([["starred", "Jazz"]]);
  });

  it("skips what the person has seen, checking only as far down as the choice reaches", async () => {
    const pool = Array.from({ length: 100 }, (_, i) => candidate(`a${i}`, 100 - i, `s${i}`));
    const seenAmong = vi.fn(async (ids: string[]) => new Set(ids.filter((id) => id === "a0" || id === "a1")));
    const chosen = await chooseUnseen(pool, [], 2, seenAmong);
    expect(chosen.map((c) => c.candidate.articleId)).toEqual(["a2", "a3"]);
    // One round of 3 × budget candidates was enough: the other 94 were never looked up.
    expect(seenAmong.mock.calls.flatMap(([ids]) => ids)).toHaveLength(6);
  });

  it("stops when every candidate has been checked, even short of the budget", async () => {
    const pool = [candidate("seen", 5), candidate("new", 1, "s2")];
    const seenAmong = vi.fn(async () => new Set(["seen"]));
    const chosen = await chooseUnseen(pool, [], 10, seenAmong);
    expect(chosen.map((c) => c.candidate.articleId)).toEqual(["new"]);
    expect(seenAmong).toHaveBeenCalledTimes(1);
  });
});
