import { AsyncLocalStorage } from "node:async_hooks";
import { Logger } from "@aws-lambda-powertools/logger";
import { MetricUnit, Metrics } from "@aws-lambda-powertools/metrics";
import { METRIC_NAMESPACE, personHash, redact, scrub, serviceName, type MetricName } from "./rules.ts";

export { METRICS, personHash, redact, scrub, serviceName, type MetricName } from "./rules.ts";

/**
 * Logs and metrics: the one port every core module and handler reports through. On AWS it
 * writes structured JSON logs (Powertools' logger) and CloudWatch embedded-format metrics
 * (Powertools' metrics), flushed once per invocation; the local runtime plugs in its own sink
 * (readable lines, recent errors, counters for its ops page). What a record carries is redacted
 * here, before any sink sees it: people's ids hashed, e-mail addresses, tokens, cookies and
 * what people wrote never written.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";

/** Who and what a record belongs to: set by the handler wrappers for each invocation and message. */
export interface InvocationFields {
  /** The function, as the alarms name it: "api", "realtime", a queue's name or a schedule's. */
  function?: string;
  /** The Lambda request id (or the local runtime's). */
  requestId?: string;
  /** The SQS message being handled. */
  messageId?: string;
  /** The signed-in person, hashed. */
  person?: string;
}

export interface LogRecord {
  level: LogLevel;
  message: string;
  /** Epoch milliseconds. */
  time: number;
  context: InvocationFields;
  /** Already redacted. */
  fields: Record<string, unknown>;
}

export interface MetricPoint {
  name: MetricName;
  value: number;
  dimensions: Record<string, string>;
  time: number;
}

/** Where records and metrics go. */
export interface ObservabilitySink {
  log(record: LogRecord): void;
  metric(point: MetricPoint): void;
  /** Called once at the end of each invocation. */
  flush(context: InvocationFields): void;
}

const invocation = new AsyncLocalStorage<InvocationFields>();

/** Powertools: JSON lines on stdout, metrics buffered and published at the invocation's end. */
function powertoolsSink(stage: string): ObservabilitySink {
  const service = serviceName(stage);
  const logger = new Logger({ serviceName: service });
  const metrics = new Metrics({ namespace: METRIC_NAMESPACE, serviceName: service });
  // Metrics buffered by their dimensions: one embedded-format record each at the flush.
  const buffered = new Map<string, { dimensions: Record<string, string>; values: Map<MetricName, number> }>();
  return {
    log({ level, message, context, fields }) {
      logger[level](message, { ...context, ...fields });
    },
    metric({ name, value, dimensions }) {
      const key = JSON.stringify(dimensions);
      let group = buffered.get(key);
      if (!group) buffered.set(key, (group = { dimensions, values: new Map() }));
      group.values.set(name, (group.values.get(name) ?? 0) + value);
    },
    flush() {
      for (const { dimensions, values } of buffered.values()) {
        metrics.addDimensions(dimensions);
        for (const [name, value] of values) metrics.addMetric(name, MetricUnit.Count, value);
        metrics.publishStoredMetrics();
      }
      buffered.clear();
    },
  };
}

let sink: ObservabilitySink | undefined;

function currentSink(): ObservabilitySink {
  sink ??= powertoolsSink(stageFromEnvironment());
  return sink;
}

/** The stage SST links every function to (`Resource.App`), read without the SDK: lib stays pure of it. */
function stageFromEnvironment(): string {
  try {
    const app = JSON.parse(process.env.SST_RESOURCE_App ?? "{}") as { stage?: unknown };
    return typeof app.stage === "string" ? app.stage : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Sends every record and metric of this process to `next` (the local runtime's sink); with none,
 * back to the default (Powertools, made afresh when next used).
 */
export function useSink(next?: ObservabilitySink) {
  sink = next;
}

/** Who else reads every record as written (a test checking what was logged), beside the sink. */
const taps = new Set<(record: LogRecord) => void>();

/** Hands every record from now on to `listener` too, until the returned function is called. */
export function tapLogs(listener: (record: LogRecord) => void): () => void {
  taps.add(listener);
  return () => taps.delete(listener);
}

function write(level: LogLevel, message: string, fields?: Record<string, unknown>) {
  const record: LogRecord = {
    level,
    message: scrub(message),
    time: Date.now(),
    context: { ...invocation.getStore() },
    fields: fields ? (redact(fields) as Record<string, unknown>) : {},
  };
  currentSink().log(record);
  for (const tap of taps) tap(record);
}

/**
 * The log. A message says what happened in words; what varies goes into `fields` (ids, counts,
 * `error`), which are redacted: a person's id (`userId`) is hashed, and a field named like a
 * secret or a person's words (`email`, `token`, `text`, ...) is never written.
 */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

/** Counts `value` of a metric (1 by default), with extra dimensions beside `service`. */
export function count(name: MetricName, value = 1, dimensions: Record<string, string> = {}) {
  if (value <= 0) return;
  currentSink().metric({ name, value, dimensions, time: Date.now() });
}

/**
 * Runs one invocation (a request, a batch, a scheduled tick) with its fields on every record it
 * logs, counts its `units` (a batch's messages; 1 otherwise) as its function's invocations — and
 * as failures if it throws — and flushes its metrics once it ends.
 */
export async function withInvocation<T>(fields: InvocationFields, work: () => Promise<T>, units = 1): Promise<T> {
  const context = { ...invocation.getStore(), ...fields };
  return invocation.run(context, async () => {
    if (context.function) count("Invocations", units, { function: context.function });
    try {
      return await work();
    } catch (error) {
      countFailures(units);
      throw error;
    } finally {
      currentSink().flush(context);
    }
  });
}

/** Counts failures of the current invocation's function (a message given back to its queue, a 5xx). */
export function countFailures(units = 1) {
  const name = invocation.getStore()?.function;
  if (name) count("Failures", units, { function: name });
}

/** Runs `work` with more fields on its records (a message's id), inside the current invocation. */
export function withFields<T>(fields: InvocationFields, work: () => T): T {
  return invocation.run({ ...invocation.getStore(), ...fields }, work);
}

/** Names the signed-in person (hashed) on the rest of this invocation's records. */
export function identifyPerson(userId: string) {
  const store = invocation.getStore();
  if (store) store.person = personHash(userId);
}
