import pLimit from "p-limit";
import { badRequest, VisibleError } from "../../lib/errors/index.ts";
import { IMPORT_BATCH_MAX, IMPORT_MATCH_BUDGET_MS, MEDIA_MESSAGES, type RowResult } from "./rules.ts";
import type { StoreOutcome } from "./store.ts";

/**
 * The steps a batch of imported rows goes through whatever the export: each row checked alone,
 * matched to its catalogue within the batch's time, the same item twice in one batch stored
 * once, and each row answered with what became of it. Goodreads and Letterboxd differ only in
 * how a row is read, matched and written (import-books.ts, import-movies.ts).
 */

/** What every row carries through the steps: where it stood in the batch and what to call it. */
export interface BatchRow {
  index: number;
  title: string;
}

/** Catalogue look-ups at once per batch: quick enough for 100 rows, gentle on the catalogue. */
const MATCH_CONCURRENCY = 8;

const isResult = (value: object): value is RowResult => "status" in value;

/** The batch's answers so far (a slot per row) and the rows that passed their checks. */
export function checkRows<Row extends BatchRow>(
  rows: unknown[],
  check: (raw: unknown, index: number) => Row | RowResult,
): { results: RowResult[]; ready: Row[] } {
  if (rows.length === 0) throw badRequest(MEDIA_MESSAGES.importEmpty);
  if (rows.length > IMPORT_BATCH_MAX) throw badRequest(MEDIA_MESSAGES.importTooMany);
  const results = new Array<RowResult>(rows.length);
  const ready: Row[] = [];
  rows.forEach((raw, index) => {
    const checked = check(raw, index);
    if (isResult(checked)) results[index] = checked;
    else ready.push(checked);
  });
  return { results, ready };
}

/**
 * Matches each row (a few at once) before the batch's deadline, so a slow catalogue still lets
 * the batch answer within the API's time. A row the match answers for itself (skipped) or that
 * the catalogue fails on is answered in `results` and goes no further: stored under a made-up
 * id now, it would be a second copy once the catalogue answers again.
 */
export async function matchRows<Row extends BatchRow, Matched extends object>(
  ready: Row[],
  match: (row: Row, deadline: number) => Promise<Matched | RowResult>,
  results: RowResult[],
): Promise<Matched[]> {
  const deadline = Date.now() + IMPORT_MATCH_BUDGET_MS;
  const limit = pLimit(MATCH_CONCURRENCY);
  const matched = await Promise.all(
    ready.map((row) =>
      limit(async (): Promise<Matched | RowResult> => {
        try {
          return await match(row, deadline);
        } catch (error) {
          if (!(error instanceof VisibleError)) throw error;
          const reason = Date.now() >= deadline ? MEDIA_MESSAGES.catalogueTooSlow : error.message;
          return { index: row.index, title: row.title, status: "failed", reason };
        }
      }),
    ),
  );
  return matched.flatMap((m) => {
    if (!isResult(m)) return [m];
    results[m.index] = m;
    return [];
  });
}

/** Two rows of one batch that are the same item: the first is stored, the rest say which row it was. */
export function firstOfEach<Matched>(
  matched: Matched[],
  rowOf: (m: Matched) => BatchRow,
  idOf: (m: Matched) => string,
  duplicate: (index: number) => string,
  results: RowResult[],
): Matched[] {
  const first = new Map<string, number>();
  return matched.filter((m) => {
    const row = rowOf(m);
    const seen = first.get(idOf(m));
    if (seen !== undefined) {
      results[row.index] = { index: row.index, title: row.title, status: "skipped", reason: duplicate(seen) };
      return false;
    }
    first.set(idOf(m), row.index);
    return true;
  });
}

/** Each stored row's answer: imported or updated with its id (and a note, such as a shortened review), or failed on a full shelf. */
export function answerStored(
  stored: Array<{ row: BatchRow; id: Pick<RowResult, "bookId" | "movieId">; note?: string }>,
  outcomes: StoreOutcome[],
  full: string,
  results: RowResult[],
): void {
  stored.forEach(({ row, id, note }, i) => {
    const outcome = outcomes[i]!;
    results[row.index] =
      outcome === "full"
        ? { index: row.index, title: row.title, status: "failed", reason: full }
        : {
            index: row.index,
            title: row.title,
            status: outcome === "created" ? "imported" : "updated",
            ...id,
            ...(note ? { reason: note } : {}),
          };
  });
}
