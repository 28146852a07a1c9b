import type { MetricName } from "@graph/core/lib/observability/rules";
import { functions } from "../functions.ts";
import { queues } from "../jobs/queues.ts";
import { schedules } from "../jobs/schedules.ts";

/**
 * The alarms: data only, read by infra/monitoring.ts (one CloudWatch alarm each, to the alarm
 * topic), by the local runtime's /dev/ops page (which evaluates them against its own counts) and
 * by docs/operations.md's runbook (each alarm's `meaning` and `action`). Every function and
 * every queue gets its alarms from the lists that declare them, so a new queue or job is
 * alarmed without a line here.
 */

/** Every function as its invocations are observed (the handler wrappers' names). */
export const FUNCTIONS = [
  "api",
  "realtime",
  "profile-pages",
  ...queues.map((q) => q.name),
  ...schedules.map((s) => s.name),
] as const;

export type AlarmRule =
  /** Any message in the queue's dead-letter queue (SQS's visible messages there). */
  | { kind: "dead-letter"; queue: string; deadLetter: string }
  /** The queue's oldest message waited longer than this. */
  | { kind: "oldest-message"; queue: string; maxAgeSeconds: number }
  /** `failures` over `failures + successes` (or over `total`) above `rate`, once `minimum` were counted. */
  | {
      kind: "rate";
      failures: MetricName;
      total: MetricName;
      dimensions: Record<string, string>;
      /** Whether `total` counts failures already (invocations) or only successes (fetches). */
      totalIncludesFailures: boolean;
      rate: number;
      minimum: number;
    }
  /** API Gateway's 5xx answers over its requests (on AWS; the API's own counts locally). */
  | { kind: "api-5xx"; rate: number; minimum: number }
  /** None of `expected` counted in the period while `whenAny` was. */
  | { kind: "silence"; expected: readonly MetricName[]; whenAny: MetricName }
  /**
   * Lambda's own count for a function of packages/functions/src/functions.ts (by its name there),
   * over all its Lambdas: `Errors` are invocations that timed out, ran out of memory or crashed
   * (which never reach the handler wrappers' `Failures`), `Throttles` invocations refused for want
   * of concurrency. Any in the period fires.
   */
  | { kind: "lambda"; function: string; metric: "Errors" | "Throttles" };

export interface Alarm {
  /** Letters, digits and dashes: the CloudWatch alarm's name after the stage's. */
  name: string;
  /** The window it is evaluated over. */
  periodSeconds: number;
  rule: AlarmRule;
  /** What firing means, and what an operator does (docs/operations.md, "Alarms", says more). */
  meaning: string;
  action: string;
}

const MINUTES = 60;

export const ALARMS: readonly Alarm[] = [
  ...queues.map((q): Alarm => ({
    name: `${q.deadLetter}-messages`,
    periodSeconds: 5 * MINUTES,
    rule: { kind: "dead-letter", queue: q.name, deadLetter: q.deadLetter },
    meaning: `A ${q.name} message failed ${q.maxReceiveCount} times and was set aside in ${q.deadLetter}.`,
    action: "Read the function's errors for the message id, fix the cause, then redrive the dead-letter queue.",
  })),
  ...FUNCTIONS.map((name): Alarm => ({
    name: `${name}-failures`,
    periodSeconds: 5 * MINUTES,
    rule: {
      kind: "rate",
      failures: "Failures",
      total: "Invocations",
      dimensions: { function: name },
      totalIncludesFailures: true,
      rate: 0.05,
      minimum: 1,
    },
    meaning: `More than 5% of ${name}'s invocations (or messages) failed in five minutes.`,
    action: `Read ${name}'s error logs (level "error", function "${name}") for the cause.`,
  })),
  ...functions.flatMap((definition): Alarm[] => [
    {
      name: `${definition.name}-lambda-errors`,
      periodSeconds: 5 * MINUTES,
      rule: { kind: "lambda", function: definition.name, metric: "Errors" },
      meaning: `${definition.name}'s Lambda failed to finish an invocation in five minutes: it timed out (${definition.timeout}), ran out of memory or crashed outside the handler.`,
      action: `Search ${definition.name}'s log group for "Task timed out", "Runtime.OutOfMemory" or "Runtime.ExitError"; raise its timeout or memory in functions.ts, or fix the crash.`,
    },
    {
      name: `${definition.name}-throttles`,
      periodSeconds: 5 * MINUTES,
      rule: { kind: "lambda", function: definition.name, metric: "Throttles" },
      meaning: `Lambda refused some of ${definition.name}'s invocations in five minutes for want of concurrency.`,
      action:
        "Check the account's concurrency (Lambda's ConcurrentExecutions) and which function takes it; ask for a higher limit or cap the queue's concurrency in jobs/queues.ts.",
    },
  ]),
  {
    name: "api-5xx",
    periodSeconds: 5 * MINUTES,
    rule: { kind: "api-5xx", rate: 0.01, minimum: 20 },
    meaning: "More than 1% of the API's answers in five minutes were server errors (500 or more).",
    action:
      'Read the api function\'s errors ("unhandled API error"); a throttled table answers 503: see DynamoThrottled.',
  },
  {
    name: "ingest-backlog",
    periodSeconds: 5 * MINUTES,
    rule: { kind: "oldest-message", queue: "IngestQueue", maxAgeSeconds: 15 * MINUTES },
    meaning: "A feed fetch has waited in the ingest queue for more than 15 minutes: fetching has fallen behind.",
    action: "Check IngestQueue's failures and throttles; the queue's concurrency is in jobs/queues.ts.",
  },
  {
    name: "digest-silence",
    periodSeconds: 24 * 60 * MINUTES,
    // A day whose due digests were all empty (nothing new to send) is a quiet day, not a silent one.
    rule: { kind: "silence", expected: ["DigestsSent", "DigestsEmpty"], whenAny: "DigestsQueued" },
    meaning: "Digests were due in the last day but none was sent (or found empty).",
    action: "Check DigestQueue's and MailQueue's failures and dead letters, and SES's sending status.",
  },
  {
    name: "fetch-failures",
    periodSeconds: 60 * MINUTES,
    rule: {
      kind: "rate",
      failures: "FeedsFailed",
      total: "FeedsFetched",
      dimensions: {},
      totalIncludesFailures: false,
      rate: 0.5,
      minimum: 10,
    },
    meaning: "More than half the feed fetches of the last hour failed.",
    action: "One host's outage shows in paused sources; many hosts failing means the function's network or DNS.",
  },
];
