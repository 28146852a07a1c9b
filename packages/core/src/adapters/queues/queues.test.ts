import { describe, expect, it } from "vitest";
import { batches, enqueue, ImportQueue, IngestQueue, read, ShareQueue, SQS_LIMITS } from "./index.ts";

describe("queue batches", () => {
  it("holds at most ten messages a batch", () => {
    const sizes = batches(Array.from({ length: 23 }, (_, i) => `{"n":${i}}`)).map((b) => b.length);
    expect(sizes).toEqual([10, 10, 3]);
  });

  it("starts a new batch before one would pass 256 KiB", () => {
    const big = "x".repeat(100 * 1024);
    const sizes = batches([big, big, big, "{}"]).map((b) => b.length);
    expect(sizes).toEqual([2, 2]);
    for (const batch of batches([big, big, big, "{}"])) {
      expect(batch.reduce((sum, body) => sum + Buffer.byteLength(body), 0)).toBeLessThanOrEqual(SQS_LIMITS.batchBytes);
    }
  });

  it("refuses a message SQS would refuse, rather than sending part of the work", () => {
    expect(() => batches(["{}", "x".repeat(SQS_LIMITS.batchBytes + 1)])).toThrow(/256 KiB/);
  });
});

describe("reading a queue message", () => {
  it("answers the message as its queue's schema reads it", () => {
    expect(read(IngestQueue, JSON.stringify({ kind: "source", sourceId: "s" }))).toEqual({
      kind: "source",
      sourceId: "s",
    });
  });

  it("answers nothing for a body that is not JSON or does not fit the schema", () => {
    expect(read(IngestQueue, "{not json")).toBeUndefined();
    expect(read(IngestQueue, JSON.stringify({ kind: "reboot" }))).toBeUndefined();
    expect(read(IngestQueue, JSON.stringify({ kind: "source" }))).toBeUndefined();
  });

  it("reads an import message of either kind, and refuses an OPML one without its import", () => {
    expect(read(ImportQueue, JSON.stringify({ kind: "opml", userId: "u", importId: "i" }))).toEqual({
      kind: "opml",
      userId: "u",
      importId: "i",
    });
    expect(read(ImportQueue, JSON.stringify({ kind: "watch-history", userId: "u", uploadId: "x" }))?.kind).toBe(
      "watch-history",
    );
    expect(read(ImportQueue, JSON.stringify({ kind: "opml", userId: "u" }))).toBeUndefined();
  });

  it("reads a share message queued with the picks' old snake_case names in today's shape", () => {
    const legacy = {
      userId: "u",
      createdAt: 1,
      picks: [
        {
          article_id: "a",
          title: "t",
          link: "https://example.com/a",
          source_name: "Example",
          source_type: "rss",
          best_matching_keywords: ["Jazz"],
        },
      ],
    };
    expect(read(ShareQueue, JSON.stringify(legacy))?.picks).toEqual([
      {
        articleId: "a",
        title: "t",
        link: "https://example.com/a",
        sourceName: "Example",
        sourceType: "rss",
        bestMatchingKeywords: ["Jazz"],
      },
    ]);
  });
});

describe("enqueue", () => {
  it("throws before sending anything when a message does not fit its queue's schema", async () => {
    await expect(
      enqueue(IngestQueue, [
        { kind: "source", sourceId: "fine" },
        { kind: "source", sourceId: "" },
      ]),
    ).rejects.toMatchObject({ name: "ZodError" });
  });
});
