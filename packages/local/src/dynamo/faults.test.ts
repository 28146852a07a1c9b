import {
  CreateTableCommand,
  DynamoDBClient,
  InternalServerError,
  ProvisionedThroughputExceededException,
} from "@aws-sdk/client-dynamodb";
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startLocalDynamo, type LocalDynamo } from "./server.ts";

const TABLE = "faults";
let dynamo: LocalDynamo;
const clients: DynamoDBClient[] = [];

/** A client as the app builds one, with the SDK's default retries unless told otherwise. */
function client(maxAttempts?: number) {
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    ...(maxAttempts ? { maxAttempts } : {}),
  });
  clients.push(raw);
  return DynamoDBDocumentClient.from(raw);
}

/** How many attempts the SDK makes by default: its retry policy, which varies by version. */
const defaultAttempts = () => client().config.maxAttempts();

beforeAll(async () => {
  dynamo = await startLocalDynamo();
  await client(1).send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
    }),
  );
});
afterEach(() => dynamo.faults.clear());
afterAll(async () => {
  for (const c of clients) c.destroy();
  await dynamo?.close();
});

async function failure(
  promise: Promise<unknown>,
): Promise<Error & { $metadata: { httpStatusCode?: number; attempts?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { $metadata: { httpStatusCode?: number; attempts?: number } };
  }
  throw new Error("expected the request to fail");
}

const get = async (pk: string) =>
  (await client(1).send(new GetCommand({ TableName: TABLE, Key: { pk, sk: "x" } }))).Item;

describe("DynamoDB fault injection", () => {
  it("fails a call with ProvisionedThroughputExceededException through all the SDK's retries, then serves normally", async () => {
    const attempts = await defaultAttempts();
    expect(attempts).toBeGreaterThan(1);
    const fault = dynamo.faults.inject({
      operation: "PutItem",
      error: "ProvisionedThroughputExceededException",
      times: attempts,
    });
    const doc = client();

    const error = await failure(doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "throttled", sk: "x" } })));
    expect(error).toBeInstanceOf(ProvisionedThroughputExceededException);
    expect(error.name).toBe("ProvisionedThroughputExceededException");
    expect(error.message).toMatch(/provisioned throughput for the table was exceeded/);
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts });
    expect(error.$metadata).toHaveProperty("requestId", expect.any(String));
    expect(fault.hits).toBe(attempts);
    expect(fault.remaining).toBe(0);
    expect(await get("throttled")).toBeUndefined();

    const ok = await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "throttled", sk: "x", n: 1 } }));
    expect(ok.$metadata.httpStatusCode).toBe(200);
    expect(await get("throttled")).toEqual({ pk: "throttled", sk: "x", n: 1 });
  });

  it("lets the SDK's retries ride out a fault with fewer times than attempts", async () => {
    const attempts = await defaultAttempts();
    const fault = dynamo.faults.inject({ operation: "PutItem", error: "ThrottlingException", times: attempts - 1 });
    const ok = await client().send(new PutCommand({ TableName: TABLE, Item: { pk: "retried", sk: "x" } }));
    expect(ok.$metadata).toMatchObject({ httpStatusCode: 200, attempts });
    expect(fault.hits).toBe(attempts - 1);
    expect(await get("retried")).toEqual({ pk: "retried", sk: "x" });
  });

  it("answers InternalServerError with status 500", async () => {
    dynamo.faults.inject({ operation: ["GetItem", "Query"], error: "InternalServerError", times: 1 });
    const error = await failure(get("anything"));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.$metadata.httpStatusCode).toBe(500);
    expect(await get("anything")).toBeUndefined();
  });

  it("fails only the requests `match` picks, and serves the rest from the body it read", async () => {
    const doc = client(1);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "hot", sk: "x" } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "cold", sk: "x", note: "é".repeat(50_000) } }));
    const fault = dynamo.faults.inject({
      operation: "Query",
      error: "ThrottlingException",
      match: (request) => JSON.stringify(request.ExpressionAttributeValues).includes('"hot"'),
    });
    const query = (pk: string) =>
      doc.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
        }),
      );
    expect((await failure(query("hot"))).name).toBe("ThrottlingException");
    expect((await failure(query("hot"))).name).toBe("ThrottlingException");
    const cold = await query("cold");
    expect(cold.Items).toEqual([{ pk: "cold", sk: "x", note: "é".repeat(50_000) }]);
    expect(fault.hits).toBe(2);
    expect(fault.remaining).toBe(Infinity);

    fault.remove();
    expect((await query("hot")).Items).toEqual([{ pk: "hot", sk: "x" }]);
  });

  it("fails a transaction as a whole, writing none of it, until cleared", async () => {
    dynamo.faults.inject({ operation: "TransactWriteItems", error: "ProvisionedThroughputExceededException" });
    const doc = client(1);
    const transaction = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk: "t1", sk: "x" } } },
        { Put: { TableName: TABLE, Item: { pk: "t2", sk: "x" } } },
      ],
    });
    expect((await failure(doc.send(transaction))).name).toBe("ProvisionedThroughputExceededException");
    expect(await get("t1")).toBeUndefined();

    dynamo.faults.clear();
    await doc.send(transaction);
    expect(await get("t1")).toEqual({ pk: "t1", sk: "x" });
    expect(await get("t2")).toEqual({ pk: "t2", sk: "x" });
  });

  it("refuses a fault it cannot answer faithfully", () => {
    expect(() => dynamo.faults.inject({ operation: "PutItems" as "PutItem", error: "InternalServerError" })).toThrow(
      /operation/,
    );
    expect(() => dynamo.faults.inject({ error: "Throttled" as "ThrottlingException" })).toThrow(/error/);
    expect(() => dynamo.faults.inject({ error: "ThrottlingException", times: 0 })).toThrow(/times/);
  });
});
