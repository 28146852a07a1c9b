import { httpApiEvent } from "../../packages/local/src/aws/http-api.ts";
import type { FunctionDefinition } from "../../packages/functions/src/functions.ts";
import type { Invocation } from "./smoke.ts";

/**
 * One real-shaped event for each function, as its trigger would send it on AWS, about a signed-in
 * person (their session cookie, id and a chat token from `GET /api/messages/get_jwt`): the bundles
 * test and the cold-start benchmark invoke each bundle with it.
 */
export async function smokeEvent(
  definition: FunctionDefinition,
  person: { cookie: string; userId: string; token: string },
  viewer = "203.0.113.7",
) {
  const token = person.token;
  const now = Date.now();
  const sqs = (body: unknown) => ({
    Records: [
      {
        messageId: crypto.randomUUID(),
        receiptHandle: "smoke",
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: "1",
          SentTimestamp: String(now),
          SenderId: "000000000000",
          ApproximateFirstReceiveTimestamp: String(now),
        },
        messageAttributes: {},
        md5OfBody: "",
        eventSource: "aws:sqs",
        eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${definition.trigger.kind === "queue" ? definition.trigger.queue : ""}`,
        awsRegion: "us-east-1",
      },
    ],
  });
  const trigger = definition.trigger;
  switch (trigger.kind) {
    case "http":
      // Signed in, reading the chat token: the session's table and the token key.
      return httpApiEvent(
        new Request(`https://graph.test${definition.name === "Api" ? "/api/messages/get_jwt" : "/"}`, {
          headers: { cookie: person.cookie },
        }),
        { address: viewer },
      );
    case "websocket":
      return {
        requestContext: {
          routeKey: "$connect",
          eventType: "CONNECT",
          connectionId: `smoke${now}=`,
          extendedRequestId: crypto.randomUUID(),
          requestId: crypto.randomUUID(),
          messageDirection: "IN",
          stage: "$default",
          domainName: "graph.test",
          apiId: "local",
          connectedAt: now,
          requestTime: new Date(now).toUTCString(),
          requestTimeEpoch: now,
          identity: { sourceIp: "203.0.113.9", userAgent: "smoke" },
        },
        headers: { Host: "graph.test" },
        multiValueHeaders: { Host: ["graph.test"] },
        queryStringParameters: { token },
        isBase64Encoded: false,
      };
    case "queue":
      return sqs(QUEUE_MESSAGES[trigger.queue]!(person.userId));
    case "url": {
      // Through the router to the function's URL (payload format 2.0), for a name that is no
      // profile: the function looks it up and answers the site's index.html as built.
      const host = "smoke.lambda-url.us-east-1.on.aws";
      return {
        version: "2.0",
        routeKey: "$default",
        rawPath: `${trigger.route}/smoke-nobody`,
        rawQueryString: "",
        headers: { host, accept: "text/html", "user-agent": "Slackbot-LinkExpanding 1.0" },
        requestContext: {
          accountId: "anonymous",
          apiId: "smoke",
          domainName: host,
          domainPrefix: "smoke",
          http: {
            method: "GET",
            path: `${trigger.route}/smoke-nobody`,
            protocol: "HTTP/1.1",
            sourceIp: viewer,
            userAgent: "smoke",
          },
          requestId: crypto.randomUUID(),
          routeKey: "$default",
          stage: "$default",
          time: new Date(now).toUTCString(),
          timeEpoch: now,
        },
        isBase64Encoded: false,
      };
    }
    case "schedule":
      // EventBridge Scheduler hands the schedule's input over as the event (infra/jobs.ts).
      return { name: trigger.job };
  }
}

/** A message each worker takes and finishes, about the signed-in person. */
const QUEUE_MESSAGES: Record<string, (userId: string) => unknown> = {
  MailQueue: () => ({ to: "smoke@graph.test", subject: "smoke", text: "smoke", html: "<p>smoke</p>" }),
  IngestQueue: () => ({ kind: "vocabulary" }),
  DigestQueue: (userId) => ({ userId, slot: 0, now: Date.now() }),
  AccountQueue: (userId) => ({ kind: "delete", userId: `${userId}-gone` }),
  ShareQueue: (userId) => ({
    userId,
    createdAt: Date.now(),
    picks: [
      {
        articleId: "a",
        title: "t",
        link: "https://example.com/a",
        sourceName: "s",
        sourceType: "blog",
        bestMatchingKeywords: [],
      },
    ],
  }),
  ImportQueue: (userId) => ({ kind: "opml", userId, importId: "smoke-none" }),
  AgentQueue: (userId) => ({ userId, searchId: "smoke-none" }),
  ChannelQueue: (userId) => ({ kind: "deliver", userId, slot: 0, now: Date.now() }),
};

/** Whether the function answered as its trigger counts a success. */
export function succeeded(definition: FunctionDefinition, invocation: Invocation): boolean {
  if (invocation.error) return false;
  const result = invocation.result as { statusCode?: number; batchItemFailures?: unknown[] } | null;
  if (definition.trigger.kind !== "queue" && definition.trigger.kind !== "schedule") return result?.statusCode === 200;
  if (definition.trigger.kind === "queue") return result?.batchItemFailures?.length === 0;
  return true;
}
