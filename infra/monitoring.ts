import { ALARMS, FUNCTIONS, type Alarm } from "../packages/functions/src/ops/alarms";
import { METRIC_NAMESPACE, METRICS, serviceName } from "../packages/core/src/lib/observability/rules";
import { functionOf } from "../packages/functions/src/functions";
import { api } from "./api";
import { queuesByName } from "./jobs";
import { eachLambda } from "./lambdas";
import { alarmEmail } from "./settings";

/**
 * What tells an operator that something broke: one CloudWatch alarm per entry of
 * packages/functions/src/ops/alarms.ts, each to one SNS topic e-mailed to GRAPH_ALARM_EMAIL, and
 * a dashboard of graph's metrics (packages/core/src/lib/observability) beside Lambda's, SQS's and
 * API Gateway's own. docs/operations.md says what each alarm means and what to do.
 */
const topic = new aws.sns.Topic("Alarms");
new aws.sns.TopicSubscription("AlarmsEmail", { topic: topic.arn, protocol: "email", endpoint: alarmEmail });

const service = serviceName($app.stage);
/** graph's own metric, as the functions emit it (every one carries the stage's `service`). */
const own = (metricName: string, period: number, dimensions: Record<string, string> = {}) => ({
  namespace: METRIC_NAMESPACE,
  metricName,
  period,
  stat: "Sum",
  dimensions: { service, ...dimensions },
});

function queuesOf(name: string) {
  const found = queuesByName.get(name);
  if (!found) throw new Error(`infra/jobs.ts declares no queue ${name}`);
  return found;
}

/** The alarm's metrics and the expression it compares with its threshold, from its rule. */
function alarmArgs(alarm: Alarm): Omit<aws.cloudwatch.MetricAlarmArgs, "evaluationPeriods"> {
  const period = alarm.periodSeconds;
  const rule = alarm.rule;
  switch (rule.kind) {
    case "dead-letter":
      return {
        namespace: "AWS/SQS",
        metricName: "ApproximateNumberOfMessagesVisible",
        dimensions: { QueueName: queuesOf(rule.queue).deadLetter.nodes.queue.name },
        statistic: "Maximum",
        period,
        comparisonOperator: "GreaterThanThreshold",
        threshold: 0,
      };
    case "oldest-message":
      return {
        namespace: "AWS/SQS",
        metricName: "ApproximateAgeOfOldestMessage",
        dimensions: { QueueName: queuesOf(rule.queue).queue.nodes.queue.name },
        statistic: "Maximum",
        period,
        comparisonOperator: "GreaterThanThreshold",
        threshold: rule.maxAgeSeconds,
      };
    case "rate": {
      const total = rule.totalIncludesFailures ? "FILL(t, 0)" : "FILL(t, 0) + FILL(f, 0)";
      return {
        metricQueries: [
          { id: "f", metric: own(rule.failures, period, rule.dimensions) },
          { id: "t", metric: own(rule.total, period, rule.dimensions) },
          {
            id: "rate",
            expression: `IF(${total} >= ${rule.minimum}, FILL(f, 0) / (${total}), 0)`,
            label: alarm.name,
            returnData: true,
          },
        ],
        comparisonOperator: "GreaterThanThreshold",
        threshold: rule.rate,
      };
    }
    case "api-5xx": {
      const gateway = (metricName: string) => ({
        namespace: "AWS/ApiGateway",
        metricName,
        period,
        stat: "Sum",
        dimensions: { ApiId: api.nodes.api.id },
      });
      return {
        metricQueries: [
          { id: "e", metric: gateway("5xx") },
          { id: "n", metric: gateway("Count") },
          {
            id: "rate",
            expression: `IF(FILL(n, 0) >= ${rule.minimum}, FILL(e, 0) / n, 0)`,
            label: alarm.name,
            returnData: true,
          },
        ],
        comparisonOperator: "GreaterThanThreshold",
        threshold: rule.rate,
      };
    }
    case "lambda":
      throw new Error(`${alarm.name} is one alarm per Lambda: see lambdaAlarms`);
    case "silence":
      return {
        metricQueries: [
          ...rule.expected.map((name, i) => ({ id: `s${i}`, metric: own(name, period) })),
          { id: "w", metric: own(rule.whenAny, period) },
          {
            id: "silent",
            expression: `IF(FILL(w, 0) > 0 AND (${rule.expected.map((_, i) => `FILL(s${i}, 0)`).join(" + ")}) == 0, 1, 0)`,
            label: alarm.name,
            returnData: true,
          },
        ],
        comparisonOperator: "GreaterThanThreshold",
        threshold: 0,
      };
  }
}

/** What every alarm shares: its name, its description from the runbook, and the topic. */
const common = (alarm: Alarm, suffix = "") => ({
  name: `${$app.name}-${$app.stage}-${alarm.name}${suffix}`,
  alarmDescription: `${alarm.meaning} ${alarm.action} (docs/operations.md#alarms)`,
  evaluationPeriods: 1,
  // No data is no trouble: a quiet stage is not an alarm.
  treatMissingData: "notBreaching",
  alarmActions: [topic.arn],
  okActions: [topic.arn],
});

export const alarms = ALARMS.filter((alarm) => alarm.rule.kind !== "lambda").map(
  (alarm) => new aws.cloudwatch.MetricAlarm(`Alarm-${alarm.name}`, { ...common(alarm), ...alarmArgs(alarm) }),
);

/**
 * Lambda's own Errors and Throttles, one alarm per Lambda of each function (the WebSocket
 * handler has one Lambda per route, named after it), made as each Lambda is created: SST creates
 * them only after building them (lambdas.ts).
 */
eachLambda((lambda) => {
  $util.output(lambda.handler).apply((handler) => {
    const definition = functionOf(handler);
    if (!definition)
      throw new Error(`${lambda.logicalName} runs ${handler}, which packages/functions/src/functions.ts does not list`);
    // "RealtimeRouteConnectHandlerFunction" → "-connect"; a function's only Lambda gets no suffix.
    const route =
      definition.trigger.kind === "websocket" ? /Route(\w+?)Handler/.exec(lambda.logicalName)?.[1] : undefined;
    const suffix = route ? `-${route.toLowerCase()}` : "";
    for (const alarm of ALARMS) {
      const rule = alarm.rule;
      if (rule.kind !== "lambda" || rule.function !== definition.name) continue;
      new aws.cloudwatch.MetricAlarm(`Alarm-${alarm.name}${suffix}`, {
        ...common(alarm, suffix),
        namespace: "AWS/Lambda",
        metricName: rule.metric,
        dimensions: { FunctionName: lambda.name },
        statistic: "Sum",
        period: alarm.periodSeconds,
        comparisonOperator: "GreaterThanThreshold",
        threshold: 0,
      });
    }
  });
});

/** Rows of graphs: graph's metrics in groups, then each function's invocations and failures. */
const GROUPS: Array<{ title: string; metrics: Array<keyof typeof METRICS> }> = [
  { title: "Feeds", metrics: ["FeedsFetched", "FeedsFailed", "FeedsPaused", "ArticlesStored"] },
  { title: "Feed sessions", metrics: ["FeedRefreshes", "FeedPicks"] },
  { title: "Digests", metrics: ["DigestsQueued", "DigestsSent", "DigestsEmpty", "DigestsFailed"] },
  { title: "Imports and chat", metrics: ["Imports", "ImportRows", "ChatMessages"] },
  { title: "API and table", metrics: ["ApiRequests", "Api5xx", "DynamoThrottled"] },
];
const region = aws.getRegionOutput().name;
const widget = (title: string, metrics: unknown[], x: number, y: number) => ({
  type: "metric",
  x,
  y,
  width: 12,
  height: 6,
  properties: { title, region, stat: "Sum", period: 300, view: "timeSeries", metrics },
});

export const dashboard = new aws.cloudwatch.Dashboard("Dashboard", {
  dashboardName: `${$app.name}-${$app.stage}`,
  dashboardBody: $jsonStringify({
    widgets: [
      ...GROUPS.map((group, i) =>
        widget(
          group.title,
          group.metrics.map((name) => [METRIC_NAMESPACE, name, "service", service]),
          (i % 2) * 12,
          Math.floor(i / 2) * 6,
        ),
      ),
      widget(
        "Failures by function",
        FUNCTIONS.map((name) => [METRIC_NAMESPACE, "Failures", "service", service, "function", name]),
        (GROUPS.length % 2) * 12,
        Math.floor(GROUPS.length / 2) * 6,
      ),
      widget(
        "Dead letters",
        [...queuesByName.values()].map(({ deadLetter }) => [
          "AWS/SQS",
          "ApproximateNumberOfMessagesVisible",
          "QueueName",
          deadLetter.nodes.queue.name,
        ]),
        ((GROUPS.length + 1) % 2) * 12,
        Math.floor((GROUPS.length + 1) / 2) * 6,
      ),
    ],
  }),
});
