import { DynamoDBClient, GetItemCommand, ProvisionedThroughputExceededException } from "@aws-sdk/client-dynamodb";
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();
afterEach(() => {
  api.runtime.dynamoFaults.clear();
  vi.restoreAllMocks();
});

const dynamo = new DynamoDBClient({});
const table = () => (JSON.parse(process.env.SST_RESOURCE_Table!) as { name: string }).name;
const mailQueue = () => (JSON.parse(process.env.SST_RESOURCE_MailQueue!) as { url: string }).url;

describe("the runtime's DynamoDB fault controller", () => {
  it("makes SDK clients, pointed at the local DynamoDB as the app's are, see DynamoDB's throttling error", async () => {
    api.runtime.dynamoFaults.inject({ operation: "GetItem", error: "ProvisionedThroughputExceededException" });
    // One attempt: the SDK's retries would only meet the same fault again.
    const error = await new DynamoDBClient({ maxAttempts: 1 })
      .send(new GetItemCommand({ TableName: table(), Key: { pk: { S: "x" }, sk: { S: "x" } } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProvisionedThroughputExceededException);
  });

  it("lets the mail queue ride out throttling: the e-mail is retried and sent once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const to = `throttled-${Date.now()}@example.com`;
    // Every DynamoDB request fails for one whole SDK call (all its retries): the worker's first try.
    const fault = api.runtime.dynamoFaults.inject({
      error: "ProvisionedThroughputExceededException",
      times: await dynamo.config.maxAttempts(),
    });
    await new SQSClient({}).send(
      new SendMessageCommand({
        QueueUrl: mailQueue(),
        MessageBody: JSON.stringify({ to, subject: "throttled", text: "still arrives", html: "<p>still arrives</p>" }),
      }),
    );

    await vi.waitFor(() => expect(api.runtime.outbox.list().filter((m) => m.to === to)).toHaveLength(1), {
      timeout: 30_000,
      interval: 50,
    });
    expect(fault.remaining).toBe(0);
    await api.runtime.dispatcher.idle();
    expect(api.runtime.outbox.list().filter((m) => m.to === to)).toHaveLength(1);
    expect(api.runtime.dispatcher.deadLetters("MailQueue")).toEqual([]);
  });
});
