import { appendFileSync } from "node:fs";
import type { LogRecord, MetricPoint, ObservabilitySink } from "@graph/core/lib/observability";
import { functionOf, seconds } from "@graph/functions/functions";

/** Warnings and errors kept for the ops page. */
const RECENT = 100;
/** Metric points kept for the alarms' windows (the longest is a day); the oldest go first past this. */
const MAX_POINTS = 200_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LocalSinkOptions {
  /** Print each record as a readable line (off in tests that read records instead). */
  print?: boolean;
  /** Also append each record, as the JSON line it would be on AWS, to this file (GRAPH_LOG_FILE). */
  file?: string;
}

/**
 * The local runtime's logs and metrics: the records core writes, printed as readable lines
 * (JSON on AWS), kept (warnings and errors) for /dev/ops, written to a file when one is named,
 * and the metrics counted, so the alarms can be evaluated against them.
 */
export class LocalSink implements ObservabilitySink {
  private readonly recentRecords: LogRecord[] = [];
  private points: MetricPoint[] = [];
  /** When each handler's invocation failed as Lambda counts `Errors`: it threw, or outlived its timeout. */
  private lambdaErrorTimes: Array<{ handler: string; time: number }> = [];

  constructor(private readonly options: LocalSinkOptions = {}) {
    // There from the start, so a reader finds the file even before the first record.
    if (options.file) appendFileSync(options.file, "");
  }

  log(record: LogRecord) {
    if (record.level === "warn" || record.level === "error") {
      this.recentRecords.push(record);
      if (this.recentRecords.length > RECENT) this.recentRecords.shift();
    }
    if (this.options.print !== false && record.level !== "debug") {
      (record.level === "error" || record.level === "warn" ? process.stderr : process.stdout).write(
        `${readable(record)}\n`,
      );
    }
    if (this.options.file) appendFileSync(this.options.file, `${JSON.stringify(asJson(record))}\n`);
  }

  metric(point: MetricPoint) {
    this.points.push(point);
    if (this.points.length > MAX_POINTS) this.points = this.points.slice(-MAX_POINTS / 2);
  }

  flush() {
    // Counted as they come: nothing is buffered here.
  }

  /**
   * One invocation the dispatcher ran (a queue's batch, a job's tick). It is one of Lambda's
   * `Errors` when the handler threw or ran longer than its function's timeout (on AWS, Lambda
   * would have stopped it there).
   */
  invocation(handler: string, ms: number, threw: boolean, now = Date.now()) {
    const timeout = functionOf(handler)?.timeout;
    if (!threw && !(timeout && ms > seconds(timeout) * 1000)) return;
    this.lambdaErrorTimes.push({ handler, time: now });
    if (this.lambdaErrorTimes.length > RECENT * 10) this.lambdaErrorTimes.shift();
  }

  /** Lambda's `Errors` for a handler over the last `windowMs`, as the dispatcher saw them. */
  lambdaErrors(handler: string, windowMs: number, now = Date.now()): number {
    const since = now - Math.min(windowMs, DAY_MS);
    return this.lambdaErrorTimes.filter((e) => e.handler === handler && e.time >= since).length;
  }

  /** Warnings and errors, newest first. */
  recent(): readonly LogRecord[] {
    return [...this.recentRecords].reverse();
  }

  /** The sum of a metric over the last `windowMs` whose dimensions include `dimensions`. */
  sum(name: string, dimensions: Record<string, string>, windowMs: number, now = Date.now()): number {
    const since = now - Math.min(windowMs, DAY_MS);
    let total = 0;
    for (const p of this.points) {
      if (p.name !== name || p.time < since) continue;
      if (Object.entries(dimensions).every(([key, value]) => p.dimensions[key] === value)) total += p.value;
    }
    return total;
  }
}

/** The record as the AWS logger writes it: one JSON object, context and fields beside the message. */
function asJson(record: LogRecord) {
  return {
    level: record.level.toUpperCase(),
    message: record.message,
    timestamp: new Date(record.time).toISOString(),
    ...record.context,
    ...record.fields,
  };
}

/** `12:00:01 ERROR [MailQueue 1a2b3c4d] a message failed; it is delivered again queue=MailQueue error=…` */
function readable(record: LogRecord): string {
  const { function: name, requestId, messageId, person } = record.context;
  const where = [name, (messageId ?? requestId)?.slice(0, 8), person].filter(Boolean).join(" ");
  const fields = Object.entries(record.fields)
    .map(([key, value]) => `${key}=${show(value)}`)
    .join(" ");
  const time = new Date(record.time).toISOString().slice(11, 19);
  return `${time} ${record.level.toUpperCase()}${where ? ` [${where}]` : ""} ${record.message}${fields ? ` ${fields}` : ""}`;
}

function show(value: unknown): string {
  if (typeof value === "string") return value;
  const error = value as { name?: unknown; message?: unknown; stack?: unknown } | null;
  if (error && typeof error === "object" && typeof error.stack === "string") return `\n${error.stack}`;
  return JSON.stringify(value);
}
