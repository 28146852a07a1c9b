/**
 * The SST program itself — sst.config.ts and infra/ — run offline under Pulumi's mocks
 * (sst-program/program.ts), and the infrastructure's shape read from every resource it registers:
 * what bundles.test.ts checks from the one list of functions, checked here in what a deploy would
 * create. Each check has a probe: the same resources with one fault, which the check reports.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { functions, LOG_RETENTION } from "@graph/functions/functions";
import { queues } from "@graph/functions/jobs/queues";
import { ALARMS } from "@graph/functions/ops/alarms";
import { declaredSecrets } from "../../scripts/bundles/checks.ts";
import { APP, runSstProgram, type Fields, type Program } from "./sst-program/program.ts";
import {
  functionProblems,
  monitoringProblems,
  ofType,
  queueProblems,
  secretProblems,
  triggerProblems,
} from "./sst-program/shape.ts";

/** The alarms' address run.mjs sets (GRAPH_ALARM_EMAIL). */
const ALARM_EMAIL = "alarms@example.com";
let program: Program;

beforeAll(async () => {
  program = await runSstProgram();
  console.log(`the SST program registered ${program.resources.length} resources in ${program.ms} ms under the mocks`);
});

/** The program's resources with one changed: `change` edits a copy of the first resource `find` matches. */
function withFault(find: (r: Program["resources"][number]) => boolean, change: (inputs: Fields) => void): Program {
  const copy: Program = structuredClone(program);
  const target = copy.resources.find(find);
  if (!target) throw new Error("the probe found no resource to change");
  change(target.inputs);
  return copy;
}
const lambdaOf = (handler: string) => (r: Program["resources"][number]) =>
  r.type === "aws:lambda/function:Function" && r.inputs.handler === handler;

describe("the SST program under Pulumi's mocks", () => {
  it("runs to its outputs without an error", () => {
    expect(program.errors).toEqual([]);
    expect(Object.keys(program.outputs)).toEqual(
      expect.arrayContaining(["url", "api", "realtime", "table", "mailQueue", "mailDeadLetter", "ingestQueue"]),
    );
    expect(program.outputs.realtime).toMatch(/^wss:\/\//);
  });

  it("deploys every function of the list with its handler, links, timeout, memory, platform and log retention", () => {
    expect(functionProblems(program, functions, LOG_RETENTION)).toEqual([]);
    // Realtime's one handler is behind three routes; every other function is one Lambda.
    expect(ofType(program, "aws:lambda/function:Function")).toHaveLength(functions.length + 2);

    const api = functions.find((definition) => definition.name === "Api")!;
    const worker = functions.find((definition) => definition.trigger.kind === "queue")!;
    const probes = [
      withFault(lambdaOf(api.handler), (inputs) => (inputs.handler = "packages/functions/src/api/missing.handler")),
      withFault(lambdaOf(worker.handler), (inputs) => (inputs.timeout = 1)),
      withFault(lambdaOf(worker.handler), (inputs) => (inputs.environment.variables.STRIPE_KEY = "sk_live_x")),
      withFault(
        (r) => r.inputs.name === program.resources.find(lambdaOf(api.handler))!.inputs.loggingConfig.logGroup,
        (inputs) => delete inputs.retentionInDays,
      ),
    ];
    for (const probe of probes) expect(functionProblems(probe, functions, LOG_RETENTION)).not.toEqual([]);
    const unlinked = structuredClone(program);
    const build = unlinked.calls.find((call) => call.method === "Runtime.Build" && call.args.handler === api.handler)!;
    delete build.args.links.Table;
    expect(functionProblems(unlinked, functions, LOG_RETENTION)).toEqual([expect.stringContaining("links")]);
  });

  it("wires every function to its trigger, timeouts within the API's limit and below the queue's visibility", () => {
    expect(triggerProblems(program, functions)).toEqual([]);
    const worker = functions.find((definition) => definition.trigger.kind === "queue")!;
    expect(
      triggerProblems(
        withFault(lambdaOf(worker.handler), (inputs) => (inputs.timeout = 900)),
        functions,
      ),
    ).toEqual([expect.stringContaining("visibility timeout")]);
    expect(
      triggerProblems(
        withFault(
          (r) => r.type === "aws:scheduler/schedule:Schedule",
          (inputs) => (inputs.target.arn = "arn:aws:lambda:us-east-1:123456789012:elsewhere"),
        ),
        functions,
      ),
    ).toEqual([expect.stringContaining("target of no schedule")]);
  });

  it("gives every queue a dead-letter queue with an alarm on it", () => {
    expect(queueProblems(program, queues)).toEqual([]);
    const [first] = queues;
    const noDeadLetter = withFault(
      (r) => r.type === "aws:sqs/queue:Queue" && r.name === `${first.name}Queue`,
      (inputs) => delete inputs.redrivePolicy,
    );
    expect(queueProblems(noDeadLetter, queues)).toEqual([expect.stringContaining("no dead-letter queue")]);
    const noAlarm = structuredClone(program);
    const deadLetterName = noAlarm.resources.find((r) => r.name === `${first.deadLetter}Queue`)!.outputs.name;
    noAlarm.resources = noAlarm.resources.filter((r) => r.inputs.dimensions?.QueueName !== deadLetterName);
    expect(queueProblems(noAlarm, queues)).toEqual([expect.stringContaining("has no alarm")]);
  });

  it("keeps every linked credential in an SST secret", () => {
    expect(secretProblems(program, declaredSecrets())).toEqual([]);
    const plain = structuredClone(program);
    plain.resources = plain.resources.filter((r) => !(r.type === "sst:sst:Secret" && r.name === "StripeSecretKey"));
    expect(secretProblems(plain, declaredSecrets())).toEqual([expect.stringContaining("StripeSecretKey")]);
  });

  it("declares every alarm of the list to the e-mailed topic, each function's Lambda errors and throttles, and the dashboard", () => {
    expect(monitoringProblems(program, ALARMS, functions, APP, ALARM_EMAIL)).toEqual([]);
    const silent = withFault(
      (r) => r.type === "aws:cloudwatch/metricAlarm:MetricAlarm",
      (inputs) => (inputs.alarmActions = []),
    );
    expect(monitoringProblems(silent, ALARMS, functions, APP, ALARM_EMAIL)).toEqual([
      expect.stringContaining("tells no one"),
    ]);
    // The WebSocket handler's three Lambdas have an errors alarm each; one missing is reported.
    const realtime = ALARMS.find((alarm) => alarm.rule.kind === "lambda" && alarm.rule.function === "Realtime")!;
    const partial = structuredClone(program);
    partial.resources = partial.resources.filter((r) => r.inputs.name !== `graph-mocks-${realtime.name}-connect`);
    expect(monitoringProblems(partial, ALARMS, functions, APP, ALARM_EMAIL)).toEqual([
      expect.stringContaining(realtime.name),
      expect.stringContaining("alarms deployed"),
    ]);
  });
});
