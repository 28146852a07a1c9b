import { describe, expect, it } from "vitest";
import { NOT_SENT, NO_ANSWER, type RowResult, runImport, summarize } from "./import-run.ts";

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ row: i + 2, value: { title: `Book ${i}` } }));
const titleOf = (v: { title: string }) => v.title;
const imported = (batch: { title: string }[]): { results: RowResult[] } => ({
  results: batch.map((b, index) => ({ index, title: b.title, status: "imported" })),
});

describe("runImport", () => {
  it("sends batches of 100 one after another and reports progress after each", async () => {
    const sizes: number[] = [];
    const progress: [number, number][] = [];
    const outcomes = await runImport({
      rows: rows(250),
      titleOf,
      send: async (batch) => {
        sizes.push(batch.length);
        return imported(batch);
      },
      failureText: () => "x",
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(sizes).toEqual([100, 100, 50]);
    expect(progress).toEqual([
      [0, 250],
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
    expect(outcomes).toHaveLength(250);
    expect(outcomes[0]).toEqual({ row: 2, title: "Book 0", status: "imported" });
    expect(outcomes.at(-1)).toEqual({ row: 251, title: "Book 249", status: "imported" });
  });

  it("matches answers to rows by their index in the batch, and fails a row left unanswered", async () => {
    const outcomes = await runImport({
      rows: rows(3),
      titleOf,
      send: async () => ({
        results: [
          { index: 2, title: "Book 2", status: "skipped", reason: "not on your read shelf" },
          { index: 0, title: "Book 0", status: "updated" },
        ],
      }),
      failureText: () => "x",
    });
    expect(outcomes).toEqual([
      { row: 2, title: "Book 0", status: "updated" },
      { row: 3, title: "Book 1", status: "failed", reason: NO_ANSWER },
      { row: 4, title: "Book 2", status: "skipped", reason: "not on your read shelf" },
    ]);
  });

  it("fails a refused batch's rows with why, and goes on with the next", async () => {
    let call = 0;
    const outcomes = await runImport({
      rows: rows(5),
      titleOf,
      batchSize: 2,
      send: async (batch) => {
        if (call++ === 1) throw new Error("boom");
        return imported(batch);
      },
      failureText: (e) => `refused: ${(e as Error).message}`,
    });
    expect(outcomes.map((o) => o.status)).toEqual(["imported", "imported", "failed", "failed", "imported"]);
    expect(outcomes[2]!.reason).toBe("refused: boom");
  });

  it("stops at a failure that ends the import, marking the rest not sent", async () => {
    let sent = 0;
    const outcomes = await runImport({
      rows: rows(5),
      titleOf,
      batchSize: 2,
      send: async () => {
        sent++;
        throw new Error("signed out");
      },
      failureText: () => "your session ended",
      stopsImport: () => true,
    });
    expect(sent).toBe(1);
    expect(outcomes.map((o) => o.reason)).toEqual([
      "your session ended",
      "your session ended",
      NOT_SENT,
      NOT_SENT,
      NOT_SENT,
    ]);
  });
});

describe("summarize", () => {
  it("joins the rows skipped before sending with the answers, counts each status and groups the reasons", () => {
    const summary = summarize(
      [
        { row: 2, title: "Want", reason: "on your to-read shelf, not read" },
        { row: 4, title: "Want too", reason: "on your to-read shelf, not read" },
        { row: 5, title: "(no title)", reason: "no title" },
      ],
      [
        { row: 1, title: "A", status: "imported" },
        { row: 3, title: "B", status: "updated" },
        { row: 6, title: "C", status: "failed", reason: "Your shelf is full (5000 books)." },
      ],
    );
    expect(summary.counts).toEqual({ imported: 1, updated: 1, skipped: 3, failed: 1 });
    expect(summary.rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(summary.reasons).toEqual({
      skipped: [
        { reason: "on your to-read shelf, not read", count: 2 },
        { reason: "no title", count: 1 },
      ],
      failed: [{ reason: "Your shelf is full (5000 books).", count: 1 }],
    });
  });
});
