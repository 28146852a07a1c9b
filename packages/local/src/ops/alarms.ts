import { functionNamed } from "@graph/functions/functions";
import type { Alarm } from "@graph/functions/ops/alarms";
import type { QueueState } from "../dispatcher.ts";
import type { LocalSink } from "./log-sink.ts";

/** An alarm as it stands now, evaluated against the local runtime's own counts. */
export interface AlarmState {
  name: string;
  firing: boolean;
  /** What was measured, in words. */
  measured: string;
  meaning: string;
  action: string;
}

/**
 * Evaluates each alarm the way CloudWatch would on AWS, over its period, but against what this
 * process counted and holds: its queues' waiting and dead messages, and the metrics its sink
 * counted. (On AWS the API's 5xx rate is API Gateway's; here it is the API's own count.)
 */
export function evaluateAlarms(
  alarms: readonly Alarm[],
  sources: { sink: LocalSink; queues: readonly QueueState[] },
  now = Date.now(),
): AlarmState[] {
  const queue = (name: string) => sources.queues.find((q) => q.name === name);
  return alarms.map((alarm) => {
    const windowMs = alarm.periodSeconds * 1000;
    const sum = (name: string, dimensions: Record<string, string> = {}) =>
      sources.sink.sum(name, dimensions, windowMs, now);
    const state = (firing: boolean, measured: string): AlarmState => ({
      name: alarm.name,
      firing,
      measured,
      meaning: alarm.meaning,
      action: alarm.action,
    });
    const rule = alarm.rule;
    switch (rule.kind) {
      case "dead-letter": {
        const dead = queue(rule.queue)?.dead ?? 0;
        return state(dead > 0, `${dead} in ${rule.deadLetter}`);
      }
      case "oldest-message": {
        const oldest = queue(rule.queue)?.oldestSentAt;
        const ageSeconds = oldest === undefined ? 0 : Math.round((now - oldest) / 1000);
        return state(ageSeconds > rule.maxAgeSeconds, `oldest waiting ${ageSeconds} s`);
      }
      case "rate": {
        const failures = sum(rule.failures, rule.dimensions);
        const total = sum(rule.total, rule.dimensions) + (rule.totalIncludesFailures ? 0 : failures);
        return state(total >= rule.minimum && failures / total > rule.rate, `${failures} of ${total}`);
      }
      case "api-5xx": {
        const errors = sum("Api5xx");
        const total = sum("ApiRequests");
        return state(total >= rule.minimum && errors / total > rule.rate, `${errors} of ${total}`);
      }
      case "lambda": {
        // Throttles are Lambda's alone: nothing here refuses an invocation.
        if (rule.metric === "Throttles") return state(false, "no throttles locally");
        const errors = sources.sink.lambdaErrors(functionNamed(rule.function).handler, windowMs, now);
        return state(errors > 0, `${errors} threw or timed out`);
      }
      case "silence": {
        const expected = rule.expected.map((name) => `${name} ${sum(name)}`);
        const none = rule.expected.every((name) => sum(name) === 0);
        const whenAny = sum(rule.whenAny);
        return state(whenAny > 0 && none, `${expected.join(", ")}, ${rule.whenAny} ${whenAny}`);
      }
    }
  });
}
