/**
 * The infrastructure's shape, read from the resources the SST program registered under Pulumi's
 * mocks (program.ts) and compared with the one list of functions, the queues, the schedules and
 * the alarms. Each check returns the problems it finds, in words; none is a pass.
 *
 * Resources are found by what they point at (a Lambda's ARN, a queue's ARN, a log group's name);
 * only a queue is found by name, as SST names the SQS queue of `new sst.aws.Queue(name)`: `${name}Queue`.
 */
import type { FunctionDefinition } from "@graph/functions/functions";
import { seconds } from "@graph/functions/functions";
import type { QueueDefinition } from "@graph/functions/jobs/queues";
import type { Alarm } from "@graph/functions/ops/alarms";
import type { MockResource, Program } from "./program.ts";

/** SST's log retention names in days (function.ts's RETENTION), for the ones graph uses. */
const RETENTION_DAYS: Record<string, number> = { "1 week": 7, "2 weeks": 14, "1 month": 30, "3 months": 90 };
/** API Gateway's and CloudFront's limit on a request. */
const REQUEST_LIMIT_SECONDS = 29;

export const ofType = (program: Program, type: string) => program.resources.filter((r) => r.type === type);
const lambdas = (program: Program) => ofType(program, "aws:lambda/function:Function");
const sqsQueue = (program: Program, name: string) =>
  ofType(program, "aws:sqs/queue:Queue").find((queue) => queue.name === `${name}Queue`);
/** What SST asked the CLI to build, once per function component: its handler and its links by name. */
const builds = (program: Program) =>
  program.calls
    .filter((call) => call.method === "Runtime.Build")
    .map((call) => ({
      id: String(call.args.functionID),
      handler: String(call.args.handler),
      links: Object.keys(call.args.links ?? {}),
    }));

/** Every Lambda is a function of the list, with its handler, links, timeout, memory, platform and log retention. */
export function functionProblems(
  program: Program,
  definitions: readonly FunctionDefinition[],
  logRetention: string,
): string[] {
  const problems: string[] = [];
  const handlers = new Set(definitions.map((definition) => definition.handler));
  for (const lambda of lambdas(program)) {
    if (!handlers.has(lambda.inputs.handler))
      problems.push(`${lambda.name} runs ${lambda.inputs.handler}, which is no function of the list`);
  }
  for (const build of builds(program)) {
    const definition = definitions.find((candidate) => candidate.handler === build.handler);
    if (definition && !sameSet(build.links, definition.link))
      problems.push(
        `${build.id} links ${sorted(build.links).join(", ")}; ${definition.name} links ${sorted(definition.link).join(", ")}`,
      );
  }
  for (const definition of definitions) {
    const deployed = lambdas(program).filter((lambda) => lambda.inputs.handler === definition.handler);
    if (deployed.length === 0) problems.push(`${definition.name} (${definition.handler}) is not deployed`);
    if (!builds(program).some((build) => build.handler === definition.handler))
      problems.push(`${definition.name} is never built`);
    for (const lambda of deployed) {
      const inputs = lambda.inputs;
      if (inputs.timeout !== seconds(definition.timeout))
        problems.push(`${lambda.name}'s timeout is ${inputs.timeout} s, not ${definition.timeout}`);
      if (
        definition.trigger.kind !== "queue" &&
        definition.trigger.kind !== "schedule" &&
        inputs.timeout > REQUEST_LIMIT_SECONDS
      )
        problems.push(`${lambda.name}'s timeout ${inputs.timeout} s is over a request's ${REQUEST_LIMIT_SECONDS} s`);
      if (definition.memory && inputs.memorySize !== parseInt(definition.memory, 10))
        problems.push(`${lambda.name} has ${inputs.memorySize} MB, not ${definition.memory}`);
      if (JSON.stringify(inputs.architectures) !== JSON.stringify([definition.architecture]))
        problems.push(`${lambda.name} runs on ${inputs.architectures}, not ${definition.architecture}`);
      const logGroup = ofType(program, "aws:cloudwatch/logGroup:LogGroup").find(
        (group) => group.inputs.name === inputs.loggingConfig?.logGroup,
      );
      if (!logGroup) problems.push(`${lambda.name} logs to no log group of the program`);
      else if (logGroup.inputs.retentionInDays !== RETENTION_DAYS[logRetention])
        problems.push(
          `${lambda.name}'s logs are kept ${logGroup.inputs.retentionInDays ?? "forever"} days, not ${logRetention}`,
        );
      // Links reach the code encrypted in the bundle (SST_KEY_FILE); anything else is a plain value.
      for (const name of Object.keys(inputs.environment?.variables ?? {})) {
        if (!name.startsWith("SST_")) problems.push(`${lambda.name} is given the environment value ${name}`);
      }
    }
  }
  return problems;
}

/** Each function is invoked by its trigger: the HTTP API, the WebSocket routes, its queue, its schedule, its URL. */
export function triggerProblems(program: Program, definitions: readonly FunctionDefinition[]): string[] {
  const problems: string[] = [];
  const integrations = ofType(program, "aws:apigatewayv2/integration:Integration");
  const routes = ofType(program, "aws:apigatewayv2/route:Route");
  for (const definition of definitions) {
    for (const lambda of lambdas(program).filter((candidate) => candidate.inputs.handler === definition.handler)) {
      const arn = lambda.outputs.arn;
      const trigger = definition.trigger;
      const integration = integrations.find((candidate) => String(candidate.inputs.integrationUri).includes(arn));
      const route =
        integration && routes.find((candidate) => candidate.inputs.target === `integrations/${integration.outputs.id}`);
      switch (trigger.kind) {
        case "http":
        case "websocket":
          if (!route) problems.push(`${lambda.name} is behind no route of an API`);
          break;
        case "url":
          if (
            !ofType(program, "aws:lambda/functionUrl:FunctionUrl").some(
              (url) => url.inputs.functionName === lambda.outputs.name,
            )
          )
            problems.push(`${lambda.name} has no function URL`);
          break;
        case "schedule": {
          const schedule = ofType(program, "aws:scheduler/schedule:Schedule").find(
            (candidate) => candidate.inputs.target?.arn === arn,
          );
          if (!schedule) problems.push(`${lambda.name} is the target of no schedule`);
          else {
            if (schedule.inputs.scheduleExpression !== trigger.schedule)
              problems.push(`${schedule.name} runs ${schedule.inputs.scheduleExpression}, not ${trigger.schedule}`);
            if (schedule.inputs.target.input !== JSON.stringify({ name: trigger.job }))
              problems.push(
                `${schedule.name} sends ${schedule.inputs.target.input}, not the job's name ${trigger.job}`,
              );
          }
          break;
        }
        case "queue": {
          const queue = sqsQueue(program, trigger.queue);
          const mapping = ofType(program, "aws:lambda/eventSourceMapping:EventSourceMapping").find(
            (candidate) => candidate.inputs.functionName === arn,
          );
          if (!queue || !mapping || mapping.inputs.eventSourceArn !== queue.outputs.arn)
            problems.push(`${lambda.name} does not work ${trigger.queue}`);
          else if (!(lambda.inputs.timeout < queue.inputs.visibilityTimeoutSeconds))
            problems.push(
              `${lambda.name}'s timeout ${lambda.inputs.timeout} s is not shorter than ${trigger.queue}'s visibility timeout ${queue.inputs.visibilityTimeoutSeconds} s`,
            );
          break;
        }
      }
    }
  }
  return problems;
}

/** Every queue sends what fails to its dead-letter queue, and an alarm watches that dead-letter queue. */
export function queueProblems(program: Program, queues: readonly QueueDefinition[]): string[] {
  const problems: string[] = [];
  for (const definition of queues) {
    const queue = sqsQueue(program, definition.name);
    const deadLetter = sqsQueue(program, definition.deadLetter);
    if (!queue || !deadLetter) {
      problems.push(`${definition.name} or its dead-letter queue ${definition.deadLetter} is not deployed`);
      continue;
    }
    const redrive = queue.inputs.redrivePolicy ? JSON.parse(queue.inputs.redrivePolicy) : undefined;
    if (
      redrive?.deadLetterTargetArn !== deadLetter.outputs.arn ||
      redrive?.maxReceiveCount !== definition.maxReceiveCount
    )
      problems.push(`${definition.name} has no dead-letter queue after ${definition.maxReceiveCount} receives`);
    const alarmed = ofType(program, "aws:cloudwatch/metricAlarm:MetricAlarm").some(
      (alarm) =>
        alarm.inputs.namespace === "AWS/SQS" &&
        alarm.inputs.metricName === "ApproximateNumberOfMessagesVisible" &&
        alarm.inputs.dimensions?.QueueName === deadLetter.outputs.name &&
        alarm.inputs.alarmActions?.length > 0,
    );
    if (!alarmed) problems.push(`${definition.name}'s dead-letter queue ${definition.deadLetter} has no alarm`);
  }
  return problems;
}

/** Every credential a function links is an SST secret. */
export function secretProblems(program: Program, credentials: readonly string[]): string[] {
  const secrets = new Set(ofType(program, "sst:sst:Secret").map((secret) => secret.name));
  const linked = new Set(builds(program).flatMap((build) => build.links));
  return credentials
    .filter((name) => linked.has(name) && !secrets.has(name))
    .map((name) => `${name} is linked but is no SST secret`);
}

/** One CloudWatch alarm per alarm of the list, each to the e-mailed topic, and a dashboard. */
export function monitoringProblems(
  program: Program,
  alarms: readonly Alarm[],
  definitions: readonly FunctionDefinition[],
  app: { name: string; stage: string },
  email: string,
): string[] {
  const problems: string[] = [];
  const topic = ofType(program, "aws:sns/topic:Topic").find((candidate) =>
    ofType(program, "aws:sns/topicSubscription:TopicSubscription").some(
      (subscription) =>
        subscription.inputs.topic === candidate.outputs.arn &&
        subscription.inputs.protocol === "email" &&
        subscription.inputs.endpoint === email,
    ),
  );
  if (!topic) problems.push(`no topic e-mails ${email}`);
  const deployed = ofType(program, "aws:cloudwatch/metricAlarm:MetricAlarm");
  const prefix = `${app.name}-${app.stage}-`;
  const tellsTheTopic = (found: MockResource) =>
    topic !== undefined &&
    JSON.stringify(found.inputs.alarmActions) === JSON.stringify([topic.outputs.arn]) &&
    JSON.stringify(found.inputs.okActions) === JSON.stringify([topic.outputs.arn]);
  let expectedCount = 0;
  for (const alarm of alarms) {
    if (alarm.rule.kind === "lambda") {
      // One per Lambda of the function (the WebSocket handler's named after their routes), on Lambda's own metric.
      const { function: name, metric } = alarm.rule;
      const handler = definitions.find((definition) => definition.name === name)?.handler;
      const expected = lambdas(program)
        .filter((lambda) => lambda.inputs.handler === handler)
        .map((lambda) => lambda.outputs.name);
      const found = deployed.filter((candidate) =>
        new RegExp(`^${prefix}${alarm.name}(-[a-z]+)?$`).test(candidate.inputs.name),
      );
      const watched = found
        .filter((candidate) => candidate.inputs.namespace === "AWS/Lambda" && candidate.inputs.metricName === metric)
        .map((candidate) => candidate.inputs.dimensions?.FunctionName);
      if (expected.length === 0 || !sameSet(watched, expected) || watched.length !== expected.length)
        problems.push(
          `the alarm ${alarm.name} watches ${watched.join(", ") || "no Lambda"}, not ${expected.join(", ")}`,
        );
      if (!found.every(tellsTheTopic)) problems.push(`the alarm ${alarm.name} tells no one`);
      expectedCount += expected.length;
      continue;
    }
    expectedCount += 1;
    const found = deployed.find((candidate) => candidate.inputs.name === `${prefix}${alarm.name}`);
    if (!found) problems.push(`the alarm ${alarm.name} is not deployed`);
    else if (!tellsTheTopic(found)) problems.push(`the alarm ${alarm.name} tells no one`);
  }
  if (deployed.length !== expectedCount)
    problems.push(`${deployed.length} alarms deployed for the list's ${expectedCount}`);
  const dashboards = ofType(program, "aws:cloudwatch/dashboard:Dashboard");
  const widgets: Array<{ properties: { metrics: unknown[] } }> = dashboards.flatMap(
    (dashboard) => JSON.parse(dashboard.inputs.dashboardBody).widgets,
  );
  if (widgets.length === 0 || widgets.some((widget) => widget.properties.metrics.length === 0))
    problems.push("the dashboard has no graphs, or an empty one");
  return problems;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(items: readonly string[]): string[] {
  return [...new Set(items)].sort();
}
