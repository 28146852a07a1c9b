/** An export file's import, from the file chosen or dropped to its summary. */
import { useState } from "react";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { ApiError, refusalText } from "../../lib/api.ts";
import { csvFileProblem } from "../../lib/csv-file.ts";
import type { ParsedExport, UnreadableExport } from "./goodreads.ts";
import { type ImportSummary, type RowResult, runImport, summarize } from "./import-run.ts";

export type ImportState =
  | { phase: "idle" }
  | { phase: "problem"; message: string }
  | { phase: "importing"; fileName: string; done: number; total: number; skipped: number }
  | { phase: "done"; fileName: string; summary: ImportSummary };

export const BATCH_FAILED = "the server could not import this batch";

interface ImportOptions<P, R> {
  parse: (text: string) => ParsedExport<P> | UnreadableExport;
  toRow: (parsed: P) => R;
  titleOf: (parsed: P) => string;
  send: (rows: R[]) => Promise<{ results: RowResult[] }>;
  /** The shelf to read again once the import is over. */
  shelfKey: QueryKey;
}

export function useExportImport<P, R>({ parse, toRow, titleOf, send, shelfKey }: ImportOptions<P, R>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: "idle" });

  const start = async (file: File, how: "chosen" | "dropped") => {
    if (state.phase === "importing") return;
    const problem = csvFileProblem(file, how);
    if (problem) return setState({ phase: "problem", message: problem });

    let text: string;
    try {
      text = await file.text();
    } catch {
      return setState({ phase: "problem", message: "That file could not be read." });
    }
    const parsed = parse(text);
    if (!parsed.ok) return setState({ phase: "problem", message: parsed.error });

    const fileName = file.name;
    const skipped = parsed.skipped.length;
    setState({ phase: "importing", fileName, done: 0, total: parsed.rows.length, skipped });
    const outcomes = await runImport({
      rows: parsed.rows,
      titleOf,
      send: (batch) => send(batch.map(toRow)),
      failureText: (error) => refusalText(error) ?? BATCH_FAILED,
      // A session that ended answers 401 to every batch after: the rest are not sent.
      stopsImport: (error) => error instanceof ApiError && error.status === 401,
      onProgress: (done, total) => {
        setState({ phase: "importing", fileName, done, total, skipped });
        // The list fills as the batches land, not only at the end.
        if (done > 0) void queryClient.invalidateQueries({ queryKey: shelfKey, exact: true });
      },
    });
    setState({ phase: "done", fileName, summary: summarize(parsed.skipped, outcomes) });
  };

  return { state, start, reset: () => setState({ phase: "idle" }) };
}
