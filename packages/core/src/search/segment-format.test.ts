import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildSegment, loadSegment } from "./segment.ts";

describe("a stored segment in a MiniSearch layout this code does not read", () => {
  it("is refused (to be skipped and rebuilt), not read as a day without postings", () => {
    const bytes = buildSegment([
      {
        articleId: "q1",
        title: "Quantum sensors",
        summary: "A primer on qubits.",
        sourceName: "Source",
        link: "https://example.com/q1",
        publishedAt: Date.UTC(2025, 2, 10),
      },
    ]);
    expect(loadSegment(bytes).docs).toBe(1);

    // MiniSearch before 5 (serializationVersion 1) nested each field's postings under `ds`.
    const plain = JSON.parse(gunzipSync(bytes).toString("utf8")) as {
      index: Array<[string, Record<string, unknown>]>;
    };
    const older = {
      ...plain,
      serializationVersion: 1,
      index: plain.index.map(([term, fields]) => [
        term,
        Object.fromEntries(Object.entries(fields).map(([field, ds]) => [field, { ds }])),
      ]),
    };
    expect(() => loadSegment(gzipSync(JSON.stringify(older)))).toThrow(/not a search segment/);
    expect(() => loadSegment(gzipSync(JSON.stringify({ ...plain, serializationVersion: 3 })))).toThrow(
      /not a search segment/,
    );
  });
});
