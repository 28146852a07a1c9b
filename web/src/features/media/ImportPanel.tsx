import { type ReactNode, useId } from "react";
import { FileDrop } from "../../components/FileDrop.tsx";
import { counted } from "../../lib/words.ts";
import { type ImportSummary as Summary, ROW_STATUSES } from "./import-run.ts";
import type { ImportState } from "./use-import.ts";

interface ImportPanelProps {
  title: string;
  /** How to get the file, and what is imported from it. */
  children: ReactNode;
  /** What the rows are ("book", "movie"). */
  noun: string;
  state: ImportState;
  onFile: (file: File, how: "chosen" | "dropped") => void;
  testId: string;
}

/**
 * An export's import: choose the file or drop it on the panel; while the rows are sent, how many
 * are done of how many; at the end, what became of them.
 */
export function ImportPanel({ title, children, noun, state, onFile, testId }: ImportPanelProps) {
  const headingId = useId();
  const busy = state.phase === "importing";

  return (
    <section className="media-import" aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className="media-import__title">
        {title}
      </h3>
      <div className="media-import__how">{children}</div>
      <FileDrop
        accept=".csv,text/csv"
        chooseLabel="choose a .csv file"
        limit="or drop it here (2 MB at most)"
        busy={busy}
        onFile={onFile}
        testId={testId}
      />

      {state.phase === "problem" && (
        <p className="tune-form__problem" role="alert" data-testid={`${testId}-problem`}>
          {state.message}
        </p>
      )}
      {state.phase === "importing" && <Progress {...state} noun={noun} testId={testId} />}
      {state.phase === "done" && (
        <ImportSummary summary={state.summary} fileName={state.fileName} noun={noun} testId={testId} />
      )}
    </section>
  );
}

function Progress(props: {
  fileName: string;
  done: number;
  total: number;
  skipped: number;
  noun: string;
  testId: string;
}) {
  const { fileName, done, total, skipped, noun, testId } = props;
  const text = `${done.toLocaleString("en")} of ${counted(total, noun)}`;
  return (
    <div className="media-progress" data-testid={`${testId}-progress`}>
      <p className="media-progress__text">
        importing {fileName}: {text}
        {skipped > 0 ? ` (${skipped.toLocaleString("en")} rows skipped)` : ""}
      </p>
      <div
        className="media-progress__bar"
        role="progressbar"
        aria-label={`importing ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <span style={{ width: `${total === 0 ? 100 : (done / total) * 100}%` }} />
      </div>
    </div>
  );
}

const STATUS_WORDS = { imported: "imported", updated: "updated", skipped: "skipped", failed: "failed" } as const;

function ImportSummary({
  summary,
  fileName,
  noun,
  testId,
}: {
  summary: Summary;
  fileName: string;
  noun: string;
  testId: string;
}) {
  const { counts, reasons, rows } = summary;
  return (
    <div className="media-summary" data-testid={`${testId}-summary`}>
      <p className="media-summary__head" role="status">
        done: {counted(rows.length, "row")} of {fileName} read — {counts.imported.toLocaleString("en")} imported,{" "}
        {counts.updated.toLocaleString("en")} updated, {counts.skipped.toLocaleString("en")} skipped,{" "}
        {counts.failed.toLocaleString("en")} failed.
      </p>
      <dl className="media-summary__counts">
        {ROW_STATUSES.map((status) => (
          <div
            key={status}
            className="media-summary__count"
            data-status={status}
            data-count={counts[status]}
            data-testid={`${testId}-${status}`}
          >
            <dt>{STATUS_WORDS[status]}</dt>
            <dd>{counts[status].toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>
      {(["skipped", "failed"] as const).map((status) =>
        reasons[status].length > 0 ? (
          <div key={status} className="media-summary__why">
            <p className="media-summary__why-title">{status === "skipped" ? "skipped, and why" : "failed, and why"}</p>
            <ul data-testid={`${testId}-${status}-reasons`}>
              {reasons[status].map(({ reason, count }) => (
                <li key={reason}>
                  {counted(count, noun)}: {reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
      <details className="media-summary__rows">
        <summary>every row ({rows.length.toLocaleString("en")})</summary>
        <ol className="media-summary__list" data-testid={`${testId}-rows`}>
          {rows.map((row) => (
            <li key={row.row} data-status={row.status}>
              <span className="media-summary__row-no">row {row.row}</span> <span>{row.title}</span>{" "}
              <span className="media-summary__row-status">
                {row.status}
                {row.reason ? `: ${row.reason}` : ""}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
