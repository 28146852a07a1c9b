/**
 * Sending an export's rows in batches and telling what became of each: the import's progress and
 * its summary. Pure apart from the `send` it is handed, so the batching, the matching of answers
 * to rows and the counting are tested without a server.
 */
import { batches } from "../../lib/batches.ts";
import { IMPORT_BATCH_MAX } from "@graph/core/modules/media/rules";
import type { SkippedRow } from "./goodreads.ts";

/** The rows sent in one import request (the API takes at most 100). */
export const IMPORT_BATCH_SIZE = IMPORT_BATCH_MAX;

export type RowStatus = "imported" | "updated" | "skipped" | "failed";
export const ROW_STATUSES: readonly RowStatus[] = ["imported", "updated", "skipped", "failed"];

/** The API's answer for one row of a batch (`index` counts from 0 within the batch). */
export interface RowResult {
  index: number;
  title: string;
  status: RowStatus;
  reason?: string;
}

/** What became of one row of the file (`row` counts data rows from 1). */
export interface RowOutcome {
  row: number;
  title: string;
  status: RowStatus;
  reason?: string;
}

export const NO_ANSWER = "the server did not answer for this row";
export const NOT_SENT = "not sent: the import stopped";

export interface RunOptions<T> {
  rows: readonly { row: number; value: T }[];
  titleOf: (value: T) => string;
  /** Sends one batch; a throw fails that batch's rows (with `failureText`) and the import goes on. */
  send: (batch: T[]) => Promise<{ results: RowResult[] }>;
  failureText: (error: unknown) => string;
  /** Whether a failure should stop the rest (the session ended): later rows are marked not sent. */
  stopsImport?: (error: unknown) => boolean;
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
}

/**
 * Sends the rows batch by batch, one request at a time (a person's import should not crowd out
 * everyone else's requests), and answers what became of each row, in the file's order.
 */
export async function runImport<T>(options: RunOptions<T>): Promise<RowOutcome[]> {
  const {
    rows,
    titleOf,
    send,
    failureText,
    stopsImport = () => false,
    onProgress,
    batchSize = IMPORT_BATCH_SIZE,
  } = options;
  const outcomes: RowOutcome[] = [];
  let done = 0;
  let stopped = false;
  onProgress?.(0, rows.length);
  for (const batch of batches(rows, batchSize)) {
    if (stopped) {
      for (const { row, value } of batch)
        outcomes.push({ row, title: titleOf(value), status: "failed", reason: NOT_SENT });
      continue;
    }
    try {
      const { results } = await send(batch.map((r) => r.value));
      const byIndex = new Map(results.map((r) => [r.index, r]));
      batch.forEach(({ row, value }, index) => {
        const answer = byIndex.get(index);
        outcomes.push(
          answer
            ? { row, title: titleOf(value), status: answer.status, ...(answer.reason ? { reason: answer.reason } : {}) }
            : { row, title: titleOf(value), status: "failed", reason: NO_ANSWER },
        );
      });
    } catch (error) {
      const reason = failureText(error);
      for (const { row, value } of batch) outcomes.push({ row, title: titleOf(value), status: "failed", reason });
      stopped = stopsImport(error);
    }
    done += batch.length;
    onProgress?.(done, rows.length);
  }
  return outcomes;
}

export interface ImportSummary {
  counts: Record<RowStatus, number>;
  /** For skipped and failed rows: each reason with how many rows it covers, most first. */
  reasons: Record<"skipped" | "failed", { reason: string; count: number }[]>;
  /** Every row of the file, in its order. */
  rows: RowOutcome[];
}

function reasonCounts(rows: RowOutcome[], status: "skipped" | "failed") {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== status) continue;
    const reason = row.reason ?? "no reason given";
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** The summary of an import: the rows skipped before sending joined with what the server answered. */
export function summarize(skippedBeforeSending: readonly SkippedRow[], outcomes: readonly RowOutcome[]): ImportSummary {
  const rows = [
    ...skippedBeforeSending.map((s): RowOutcome => ({
      row: s.row,
      title: s.title,
      status: "skipped",
      reason: s.reason,
    })),
    ...outcomes,
  ].sort((a, b) => a.row - b.row);
  const counts = { imported: 0, updated: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.status]++;
  return { counts, reasons: { skipped: reasonCounts(rows, "skipped"), failed: reasonCounts(rows, "failed") }, rows };
}
