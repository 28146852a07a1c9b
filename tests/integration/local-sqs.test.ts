import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import { enqueue, MailQueue } from "@graph/core/adapters/queues";
import { useTestApi } from "../support/runtime.ts";

/** The local SQS stand-in refuses what SQS refuses, so the sender is held to SQS's limits offline too. */
const api = useTestApi();
const sqs = new SQSClient({});
const mail = (n: number, html = "<p>hi</p>") => ({ to: `sqs-${n}@example.com`, subject: `n${n}`, text: "hi", html });

describe("the local SQS stand-in", () => {
  it("refuses a batch of more than ten entries, a batch over 256 KiB and a message over 256 KiB", async () => {
    const QueueUrl = Resource.MailQueue.url;
    const entries = (n: number, size: number) =>
      Array.from({ length: n }, (_, i) => ({ Id: String(i), MessageBody: "x".repeat(size) }));
    await expect(sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries(11, 10) }))).rejects.toMatchObject({
      name: "TooManyEntriesInBatchRequest",
    });
    await expect(
      sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries(3, 100 * 1024) })),
    ).rejects.toMatchObject({ name: "BatchRequestTooLong" });
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: "x".repeat(256 * 1024 + 1) })),
    ).rejects.toMatchObject({ name: "InvalidParameterValue" });
  });

  it("takes what graph's sender sends: many large e-mails, split into batches SQS accepts", async () => {
    const html = `<p>${"a digest's worth of links ".repeat(3000)}</p>`; // ~78 KB each
    const emails = Array.from({ length: 12 }, (_, i) => mail(i, html));
    await enqueue(MailQueue, emails);
    await api.runtime.dispatcher.idle();
    const sent = api.runtime.outbox.list().filter((m) => m.to.startsWith("sqs-"));
    expect(sent.map((m) => m.subject).sort()).toEqual(emails.map((e) => e.subject).sort());
  });
});
