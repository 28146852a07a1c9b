import { describe, expect, it } from "vitest";
import { METRICS } from "@graph/core/lib/observability/rules";
import { queues } from "../jobs/queues.ts";
import { schedules } from "../jobs/schedules.ts";
import { functions } from "../functions.ts";
import { ALARMS, FUNCTIONS } from "./alarms.ts";

describe("the alarms", () => {
  it("watch every queue's dead letters and every function's failures", () => {
    for (const queue of queues) {
      expect(
        ALARMS.filter((a) => a.rule.kind === "dead-letter" && a.rule.deadLetter === queue.deadLetter),
      ).toHaveLength(1);
    }
    for (const name of ["api", "realtime", ...queues.map((q) => q.name), ...schedules.map((s) => s.name)]) {
      expect(FUNCTIONS).toContain(name);
      expect(ALARMS.some((a) => a.rule.kind === "rate" && a.rule.dimensions.function === name)).toBe(true);
    }
  });

  it("watch every deployed function's own Lambda errors (timeouts, out of memory, crashes) and throttles", () => {
    for (const definition of functions) {
      for (const metric of ["Errors", "Throttles"] as const) {
        const alarms = ALARMS.filter(
          (a) => a.rule.kind === "lambda" && a.rule.function === definition.name && a.rule.metric === metric,
        );
        expect(alarms, `${definition.name} ${metric}`).toHaveLength(1);
        expect(alarms[0]!.periodSeconds).toBe(300);
      }
    }
    const lambdaAlarms = ALARMS.filter((a) => a.rule.kind === "lambda");
    expect(lambdaAlarms).toHaveLength(functions.length * 2);
    // The runbook's words say what to look for in the function's logs.
    const errors = lambdaAlarms.find((a) => a.name === "Api-lambda-errors")!;
    expect(errors.meaning).toContain("timed out");
    expect(errors.action).toContain("Task timed out");
  });

  it("have unique names CloudWatch accepts, name only metrics that are emitted, and say what to do", () => {
    const names = ALARMS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const alarm of ALARMS) {
      expect(alarm.name).toMatch(/^[A-Za-z0-9-]{1,200}$/);
      expect(alarm.meaning.length).toBeGreaterThan(10);
      expect(alarm.action.length).toBeGreaterThan(10);
      // CloudWatch evaluates at most a day (period × evaluation periods).
      expect(alarm.periodSeconds % 60 === 0 && alarm.periodSeconds <= 86_400).toBe(true);
      const rule = alarm.rule;
      const metrics =
        rule.kind === "rate"
          ? [rule.failures, rule.total]
          : rule.kind === "silence"
            ? [...rule.expected, rule.whenAny]
            : [];
      for (const metric of metrics) expect(Object.keys(METRICS)).toContain(metric);
    }
  });
});
