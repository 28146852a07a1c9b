import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildSegment, loadSegment } from "./segment.ts";

/** A day's segment as the previous release stored it: MiniSearch 7.2.0's `toJSON()`, gunzipped. */
const previousRelease = readFileSync(new URL("./fixtures/minisearch-segment.json", import.meta.url), "utf8");

const stored = () =>
  JSON.parse(
    gunzipSync(
      buildSegment([
        {
          articleId: "q1",
          title: "Quantum sensors",
          summary: "A primer on qubits.",
          sourceName: "Source",
          link: "https://example.com/q1",
          publishedAt: Date.UTC(2025, 2, 10),
        },
        {
          articleId: "q2",
          title: "Qubit counts",
          summary: "Sensors again.",
          sourceName: "Source",
          link: "https://example.com/q2",
          publishedAt: Date.UTC(2025, 2, 9),
        },
      ]),
    ).toString("utf8"),
  ) as Record<string, unknown> & { terms: string[]; words: string; publishedAt: number[]; titleWords: number[] };

const load = (value: unknown) => loadSegment(gzipSync(JSON.stringify(value)));

describe("a stored segment in a layout this code does not read", () => {
  it("is refused (to be skipped and rebuilt), not read as a day without postings", () => {
    expect(load(stored()).docs).toBe(2);

    // The previous release's MiniSearch segments (serializationVersion 2), and MiniSearch's
    // earlier layout (serializationVersion 1, each field's postings nested under `ds`).
    const plain = JSON.parse(previousRelease) as { index: Array<[string, Record<string, unknown>]> };
    expect(() => loadSegment(gzipSync(previousRelease))).toThrow(/not a search segment/);
    const older = {
      ...plain,
      serializationVersion: 1,
      index: plain.index.map(([term, fields]) => [
        term,
        Object.fromEntries(Object.entries(fields).map(([field, ds]) => [field, { ds }])),
      ]),
    };
    expect(() => load(older)).toThrow(/not a search segment/);

    // This format under a version this code does not know, or under another name.
    expect(() => load({ ...stored(), version: 2 })).toThrow(/not a search segment/);
    expect(() => load({ ...stored(), format: "other" })).toThrow(/not a search segment/);
  });

  it("is refused when damaged, rather than searched wrongly", () => {
    const segment = stored();
    const words = Buffer.from(segment.words, "base64");
    const damaged = [
      { ...segment, words: words.subarray(2).toString("base64") },
      { ...segment, words: Buffer.from(words).fill(0xff, 0, 2).toString("base64") },
      { ...segment, terms: [...segment.terms].reverse() },
      { ...segment, publishedAt: [...segment.publishedAt].reverse() },
      { ...segment, titleWords: segment.titleWords.slice(1) },
      { ...segment, titleWords: [-1, ...segment.titleWords.slice(1)] },
      { ...segment, ids: undefined },
    ];
    for (const value of damaged) expect(() => load(value)).toThrow(/not a search segment/);
  });
});
