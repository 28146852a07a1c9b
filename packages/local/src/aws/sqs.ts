import type { Hono } from "hono";
import type { Dispatcher } from "../dispatcher.ts";

const ACCOUNT = "000000000000";

export const queueUrl = (base: string, name: string) => `${base}/_aws/sqs/${ACCOUNT}/${name}`;

/** SQS's limits, refused here as SQS refuses them: a message, and a batch's messages together, at most 256 KiB; ten entries a batch. */
const MAX_BYTES = 256 * 1024;
const MAX_ENTRIES = 10;

/** The fields of SQS's JSON requests that these actions read. */
interface SqsRequest {
  QueueUrl?: unknown;
  QueueName?: string;
  MessageBody?: string;
  Entries?: Array<{ Id: string; MessageBody: string; DelaySeconds?: number }>;
  DelaySeconds?: number;
}

/**
 * SQS's JSON protocol (SendMessage, SendMessageBatch, GetQueueUrl), enough for SQSClient
 * to enqueue into the local dispatcher. A send answers once the dispatcher has kept the message.
 */
export function mountSqs(app: Hono, basePath: string, dispatcher: Dispatcher) {
  app.post(`${basePath}/*`, async (c) => {
    const action = (c.req.header("x-amz-target") ?? "").replace("AmazonSQS.", "");
    const request = await c.req.json<SqsRequest>();
    const fail = (type: string, message: string) => {
      c.header("x-amzn-query-error", `${type};Sender`);
      return c.json({ __type: `com.amazonaws.sqs#${type}`, message }, 400);
    };
    const queueOf = (url: unknown) => (typeof url === "string" ? (url.split("/").pop() ?? "") : "");
    switch (action) {
      case "SendMessage": {
        const queue = queueOf(request.QueueUrl);
        if (!dispatcher.has(queue)) return fail("QueueDoesNotExist", `The specified queue ${queue} does not exist.`);
        const body = String(request.MessageBody ?? "");
        if (Buffer.byteLength(body) > MAX_BYTES)
          return fail(
            "InvalidParameterValue",
            `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_BYTES} bytes.`,
          );
        const { messageId, md5 } = await dispatcher.send(queue, body, Number(request.DelaySeconds ?? 0));
        return c.json({ MessageId: messageId, MD5OfMessageBody: md5 });
      }
      case "SendMessageBatch": {
        const queue = queueOf(request.QueueUrl);
        if (!dispatcher.has(queue)) return fail("QueueDoesNotExist", `The specified queue ${queue} does not exist.`);
        const entries = request.Entries ?? [];
        if (entries.length === 0)
          return fail("EmptyBatchRequest", "There should be at least one SendMessageBatchRequestEntry in the request.");
        if (entries.length > MAX_ENTRIES)
          return fail(
            "TooManyEntriesInBatchRequest",
            `Maximum number of entries per request are ${MAX_ENTRIES}. You have sent ${entries.length}.`,
          );
        const total = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.MessageBody ?? ""), 0);
        if (total > MAX_BYTES)
          return fail(
            "BatchRequestTooLong",
            `Batch requests cannot be longer than ${MAX_BYTES} bytes. You have sent ${total} bytes.`,
          );
        const Successful = await Promise.all(
          entries.map(async (entry) => {
            const { messageId, md5 } = await dispatcher.send(queue, entry.MessageBody, Number(entry.DelaySeconds ?? 0));
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
