import { onTestFinished } from "vitest";
import { tapLogs, type LogRecord } from "@graph/core/lib/observability";

/**
 * Every log record written from now until the test ends, as it was written (redacted), with a
 * JSON form to search: tests check that something was logged, and what was not.
 */
export function captureLogs() {
  const records: LogRecord[] = [];
  onTestFinished(tapLogs((record) => records.push(record)));
  return {
    records,
    /** The records of a level as JSON lines. */
    lines: (level?: LogRecord["level"]) =>
      records.filter((r) => level === undefined || r.level === level).map((r) => JSON.stringify(r)),
  };
}
