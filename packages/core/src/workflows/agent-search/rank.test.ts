import { describe, expect, it } from "vitest";
import { rankResults, type Found } from "./rank.ts";

const found = (link: string, reasons: string[], extra: Partial<Found> = {}): Found => ({
  title: "Beekeeping notes",
  link,
  source: "x",
  publishedAt: null,
  inGraph: false,
  reasons,
  ...extra,
});

describe("ranking an agentic search's results", () => {
  it("keeps the same canonical address once, with every reason, graph's copy first", () => {
    const results = rankResults(
      [
        found("https://a.example/post?utm_source=hn", ["on Hacker News"]),
        found("https://a.example/post", ["in graph via 'beekeeping'"], { inGraph: true, source: "A" }),
        found("https://a.example/post/", ["from a new source: A"]),
      ],
      ["beekeeping"],
      10,
    );
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ inGraph: true, source: "A" });
    expect(results[0]!.reasons).toEqual(["on Hacker News", "in graph via 'beekeeping'", "from a new source: A"]);
  });

  it("ranks more reasons first, then titles that name more of the query, and keeps the best few", () => {
    const results = rankResults(
      [
        found("https://b.example/1", ["on Hacker News"], { title: "Gardening" }),
        found("https://b.example/2", ["on Hacker News"], { title: "Beekeeping" }),
        found("https://b.example/3", ["on Hacker News", "from a new source: B"], { title: "Gardening" }),
      ],
      ["beekeeping"],
      2,
    );
    expect(results.map((r) => r.link)).toEqual(["https://b.example/3", "https://b.example/2"]);
  });
});
