import type { Hono } from "hono";
import type { Dispatcher } from "../dispatcher.ts";

const ACCOUNT = "000000000000";

export const queueUrl = (base: string, name: string) => `${base}/_aws/sqs/${ACCOUNT}/${name}`;

/**
 * SQS's JSON protocol (SendMessage, SendMessageBatch, GetQueueUrl), enough for SQSClient
 * to enqueue into the local dispatcher. A send answers once the dispatcher has kept the message.
 */
export function mountSqs(app: Hono, basePath: string, dispatcher: Dispatcher) {
  app.post(`${basePath}/*`, async (c) => {
    const action = (c.req.header("x-amz-target") ?? "").replace("AmazonSQS.", "");
    const request = (await c.req.json()) as Record<string, unknown>;
    const fail = (type: string, message: string) => {
      c.header("x-amzn-query-error", `${type};Sender`);
      return c.json({ __type: `com.amazonaws.sqs#${type}`, message }, 400);
    };
    const queueOf = (url: unknown) => (typeof url === "string" ? (url.split("/").pop() ?? "") : "");
    switch (action) {
      case "SendMessage": {
        const queue = queueOf(request.QueueUrl);
        if (!dispatcher.has(queue)) return fail("QueueDoesNotExist", `The specified queue ${queue} does not exist.`);
        const { messageId, md5 } = await dispatcher.send(queue, String(request.MessageBody ?? ""));
        return c.json({ MessageId: messageId, MD5OfMessageBody: md5 });
      }
      case "SendMessageBatch": {
        const queue = queueOf(request.QueueUrl);
        if (!dispatcher.has(queue)) return fail("QueueDoesNotExist", `The specified queue ${queue} does not exist.`);
        const entries = (request.Entries as Array<{ Id: string; MessageBody: string }>) ?? [];
        const Successful = await Promise.all(
          entries.map(async (entry) => {
            const { messageId, md5 } = await dispatcher.send(queue, entry.MessageBody);
            return { Id: entry.Id, MessageId: messageId, MD5OfMessageBody: md5 };
          }),
        );
        return c.json({ Successful, Failed: [] });
      }
      case "GetQueueUrl": {
        const name = String(request.QueueName ?? "");
        if (!dispatcher.has(name)) return fail("QueueDoesNotExist", `The specified queue ${name} does not exist.`);
        return c.json({ QueueUrl: queueUrl(new URL(c.req.url).origin, name) });
      }
      default:
        return fail("InvalidAction", `${action} is not supported locally.`);
    }
  });
}
