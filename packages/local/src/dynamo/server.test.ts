import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateTableCommand,
  DynamoDBClient,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalDynamo, type LocalDynamo } from "./server.ts";

const TABLE = "app";

function clientFor(endpoint: string): { raw: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const raw = new DynamoDBClient({
    endpoint,
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });
  return { raw, doc: DynamoDBDocumentClient.from(raw) };
}

async function createTable(raw: DynamoDBClient, tableName = TABLE): Promise<void> {
  await raw.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
        { AttributeName: "gsi1pk", AttributeType: "S" },
        { AttributeName: "gsi1sk", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: "gsi1",
          KeySchema: [
            { AttributeName: "gsi1pk", KeyType: "HASH" },
            { AttributeName: "gsi1sk", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
      ],
    }),
  );
}

async function catchError(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error("expected the request to fail");
}

describe("local dynamo transactions", () => {
  let dynamo: LocalDynamo;
  let raw: DynamoDBClient;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startLocalDynamo({ port: 0 });
    ({ raw, doc } = clientFor(dynamo.endpoint));
    await createTable(raw);
  });

  afterAll(async () => {
    raw?.destroy();
    await dynamo?.close();
  });

  const get = async (pk: string, sk: string) =>
    (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk } }))).Item;

  it("listens on 127.0.0.1 and still serves the ordinary operations", async () => {
    expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "plain", sk: "plain", n: 1 } }));
    expect(await get("plain", "plain")).toEqual({ pk: "plain", sk: "plain", n: 1 });
  });

  it("writes every Put of a successful transaction", async () => {
    const result = await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: "user#1", sk: "user", name: "Ada" } } },
          {
            Put: {
              TableName: TABLE,
              Item: { pk: "email#ada@example.com", sk: "email", userId: "1" },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(await get("user#1", "user")).toEqual({ pk: "user#1", sk: "user", name: "Ada" });
    expect(await get("email#ada@example.com", "email")).toEqual({
      pk: "email#ada@example.com",
      sk: "email",
      userId: "1",
    });
  });

  it("cancels the whole transaction when one condition fails", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "username#taken", sk: "username", userId: "0" } }));

    const err = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: "user#2", sk: "user", name: "Bob" } } },
            {
              Put: {
                TableName: TABLE,
                Item: { pk: "username#taken", sk: "username", userId: "2" },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      ),
    );

    expect(err).toBeInstanceOf(TransactionCanceledException);
    expect(err.name).toBe("TransactionCanceledException");
    expect(err.message).toBe(
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
    );
    expect(err.CancellationReasons).toEqual([
      { Code: "None" },
      { Code: "ConditionalCheckFailed", Message: "The conditional request failed" },
    ]);
    expect((err.$metadata as { httpStatusCode?: number }).httpStatusCode).toBe(400);
    expect(await get("user#2", "user")).toBeUndefined();
    expect(await get("username#taken", "username")).toEqual({ pk: "username#taken", sk: "username", userId: "0" });
  });

  it("returns the existing item in the reason when asked with ReturnValuesOnConditionCheckFailure", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "rv", sk: "x", v: 1 } }));
    const err = await catchError(
      raw.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE,
                Item: { pk: { S: "rv" }, sk: { S: "x" }, v: { N: "2" } },
                ConditionExpression: "attribute_not_exists(pk)",
                ReturnValuesOnConditionCheckFailure: "ALL_OLD",
              },
            },
          ],
        }),
      ),
    );
    expect(err.CancellationReasons).toEqual([
      {
        Code: "ConditionalCheckFailed",
        Message: "The conditional request failed",
        Item: { pk: { S: "rv" }, sk: { S: "x" }, v: { N: "1" } },
      },
    ]);
  });

  it("applies Update, Delete and ConditionCheck actions", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "acct#1", sk: "acct", balance: 10, tags: ["a"] } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "acct#2", sk: "acct", balance: 0 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "lock", sk: "lock", open: true } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "old", sk: "old" } }));

    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: { pk: "acct#1", sk: "acct" },
              UpdateExpression: "SET balance = balance - :amt, tags = list_append(tags, :t) REMOVE scratch",
              ConditionExpression: "balance >= :amt",
              ExpressionAttributeValues: { ":amt": 4, ":t": ["b"] },
            },
          },
          {
            Update: {
              TableName: TABLE,
              Key: { pk: "acct#2", sk: "acct" },
              UpdateExpression: "ADD balance :amt SET #u = :now",
              ExpressionAttributeNames: { "#u": "updatedAt" },
              ExpressionAttributeValues: { ":amt": 4, ":now": "2024-01-01" },
            },
          },
          {
            Update: {
              TableName: TABLE,
              Key: { pk: "acct#3", sk: "acct" },
              UpdateExpression: "SET balance = if_not_exists(balance, :zero)",
              ConditionExpression: "attribute_not_exists(pk)",
              ExpressionAttributeValues: { ":zero": 0 },
            },
          },
          { Delete: { TableName: TABLE, Key: { pk: "old", sk: "old" }, ConditionExpression: "attribute_exists(pk)" } },
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: { pk: "lock", sk: "lock" },
              ConditionExpression: "#o = :yes",
              ExpressionAttributeNames: { "#o": "open" },
              ExpressionAttributeValues: { ":yes": true },
            },
          },
        ],
      }),
    );

    expect(await get("acct#1", "acct")).toEqual({ pk: "acct#1", sk: "acct", balance: 6, tags: ["a", "b"] });
    expect(await get("acct#2", "acct")).toEqual({ pk: "acct#2", sk: "acct", balance: 4, updatedAt: "2024-01-01" });
    expect(await get("acct#3", "acct")).toEqual({ pk: "acct#3", sk: "acct", balance: 0 });
    expect(await get("old", "old")).toBeUndefined();
    expect(await get("lock", "lock")).toEqual({ pk: "lock", sk: "lock", open: true });

    await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: "lock", sk: "lock" },
        UpdateExpression: "SET #o = :no",
        ExpressionAttributeNames: { "#o": "open" },
        ExpressionAttributeValues: { ":no": false },
      }),
    );
    const err = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: { pk: "lock", sk: "lock" },
                ConditionExpression: "#o = :yes",
                ExpressionAttributeNames: { "#o": "open" },
                ExpressionAttributeValues: { ":yes": true },
              },
            },
            {
              Update: {
                TableName: TABLE,
                Key: { pk: "acct#1", sk: "acct" },
                UpdateExpression: "SET balance = :b",
                ExpressionAttributeValues: { ":b": 1000 },
              },
            },
            { Delete: { TableName: TABLE, Key: { pk: "acct#2", sk: "acct" } } },
          ],
        }),
      ),
    );
    expect(err.name).toBe("TransactionCanceledException");
    expect((err.CancellationReasons as { Code: string }[]).map((r) => r.Code)).toEqual([
      "ConditionalCheckFailed",
      "None",
      "None",
    ]);
    expect((await get("acct#1", "acct"))?.balance).toBe(6);
    expect(await get("acct#2", "acct")).toBeDefined();
  });

  it("reports an update that cannot be applied as a ValidationError reason", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "str", sk: "str", n: "text" } }));
    const err = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: "str-other", sk: "str" } } },
            {
              Update: {
                TableName: TABLE,
                Key: { pk: "str", sk: "str" },
                UpdateExpression: "SET n = n + :one",
                ExpressionAttributeValues: { ":one": 1 },
              },
            },
          ],
        }),
      ),
    );
    expect(err.name).toBe("TransactionCanceledException");
    expect(err.CancellationReasons).toEqual([
      { Code: "None" },
      { Code: "ValidationError", Message: "An operand in the update expression has an incorrect data type" },
    ]);
    expect(await get("str-other", "str")).toBeUndefined();
  });

  it("rejects invalid requests with ValidationException", async () => {
    const duplicate = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: "dup", sk: "dup" } } },
            { Delete: { TableName: TABLE, Key: { pk: "dup", sk: "dup" } } },
          ],
        }),
      ),
    );
    expect(duplicate.name).toBe("ValidationException");
    expect(duplicate.message).toBe("Transaction request cannot include multiple operations on one item");

    const tooMany = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: Array.from({ length: 101 }, (_, i) => ({
            Put: { TableName: TABLE, Item: { pk: `many#${i}`, sk: "x" } },
          })),
        }),
      ),
    );
    expect(tooMany.name).toBe("ValidationException");
    expect(tooMany.message).toMatch(/less than or equal to 100/);

    const badKey = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [{ Delete: { TableName: TABLE, Key: { pk: "only-hash" } } }],
        }),
      ),
    );
    expect(badKey.name).toBe("ValidationException");
    expect(badKey.message).toBe("The provided key element does not match the schema");

    const badExpression = await catchError(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: "bad", sk: "bad" }, ConditionExpression: "attribute_not_exists(" } },
          ],
        }),
      ),
    );
    expect(badExpression.name).toBe("ValidationException");
    expect(badExpression.message).toMatch(/^Invalid ConditionExpression/);

    const noTable = await catchError(
      doc.send(
        new TransactWriteCommand({ TransactItems: [{ Put: { TableName: "missing", Item: { pk: "a", sk: "b" } } }] }),
      ),
    );
    expect(noTable.name).toBe("ResourceNotFoundException");

    expect(await get("dup", "dup")).toBeUndefined();
    expect(await get("many#0", "x")).toBeUndefined();
  });

  it("keeps the global secondary index in step with transaction writes", async () => {
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: "post#1", sk: "post", gsi1pk: "author#9", gsi1sk: "2024-01-01" } } },
          { Put: { TableName: TABLE, Item: { pk: "post#2", sk: "post", gsi1pk: "author#9", gsi1sk: "2024-01-02" } } },
          { Put: { TableName: TABLE, Item: { pk: "post#3", sk: "post", gsi1pk: "author#9", gsi1sk: "2024-01-03" } } },
        ],
      }),
    );
    const query = async () =>
      (
        await doc.send(
          new QueryCommand({
            TableName: TABLE,
            IndexName: "gsi1",
            KeyConditionExpression: "gsi1pk = :a",
            ExpressionAttributeValues: { ":a": "author#9" },
          }),
        )
      ).Items?.map((item) => [item.pk, item.gsi1sk]);

    expect(await query()).toEqual([
      ["post#1", "2024-01-01"],
      ["post#2", "2024-01-02"],
      ["post#3", "2024-01-03"],
    ]);

    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: TABLE, Key: { pk: "post#1", sk: "post" } } },
          {
            Update: {
              TableName: TABLE,
              Key: { pk: "post#2", sk: "post" },
              UpdateExpression: "SET gsi1sk = :s",
              ExpressionAttributeValues: { ":s": "2024-02-01" },
            },
          },
          { Update: { TableName: TABLE, Key: { pk: "post#3", sk: "post" }, UpdateExpression: "REMOVE gsi1pk" } },
        ],
      }),
    );
    expect(await query()).toEqual([["post#2", "2024-02-01"]]);
  });

  it("lets exactly one of 100 concurrent transactions claim the same unique item", async () => {
    const attempts = Array.from({ length: 100 }, (_, i) =>
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: `race-user#${i}`, sk: "user", email: "x" } } },
            {
              Put: {
                TableName: TABLE,
                Item: { pk: "email#x", sk: "email", userId: String(i) },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      ),
    );
    const results = await Promise.allSettled(attempts);
    const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
    const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));

    expect(won).toHaveLength(1);
    expect(failures).toHaveLength(99);
    for (const failure of failures) expect(failure.name).toBe("TransactionCanceledException");

    const users = await doc.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: "begins_with(pk, :p)",
        ExpressionAttributeValues: { ":p": "race-user#" },
      }),
    );
    expect(users.Items).toHaveLength(1);
    expect(users.Items?.[0]?.pk).toBe(`race-user#${won[0]}`);
    expect((await get("email#x", "email"))?.userId).toBe(String(won[0]));
  });

  it("does not interleave with concurrent single-item writes to the same item", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "counter", sk: "c", n: 0 } }));
    const work = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? doc.send(
            new UpdateCommand({
              TableName: TABLE,
              Key: { pk: "counter", sk: "c" },
              UpdateExpression: "SET n = n + :one",
              ExpressionAttributeValues: { ":one": 1 },
            }),
          )
        : doc.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: TABLE,
                    Key: { pk: "counter", sk: "c" },
                    UpdateExpression: "SET n = n + :one",
                    ExpressionAttributeValues: { ":one": 1 },
                  },
                },
                { Put: { TableName: TABLE, Item: { pk: `counter-log#${i}`, sk: "c" } } },
              ],
            }),
          ),
    );
    await Promise.all(work);
    expect((await get("counter", "c"))?.n).toBe(100);
  });

  it("runs transactions touching overlapping items in opposite orders without deadlock", async () => {
    const keys = ["ring#a", "ring#b", "ring#c"];
    const work = Array.from({ length: 60 }, (_, i) => {
      const order = i % 2 ? [...keys].reverse() : keys;
      return doc.send(
        new TransactWriteCommand({
          TransactItems: order.map((pk) => ({
            Update: {
              TableName: TABLE,
              Key: { pk, sk: "r" },
              UpdateExpression: "ADD n :one",
              ExpressionAttributeValues: { ":one": 1 },
            },
          })),
        }),
      );
    });
    await Promise.all(work);
    for (const pk of keys) expect((await get(pk, "r"))?.n).toBe(60);
  });

  it("reads items with TransactGetItems", async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "g#1", sk: "g", a: 1, b: { c: 2 } } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: "g#2", sk: "g", a: 3 } }));
    const result = await doc.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: { pk: "g#1", sk: "g" } } },
          { Get: { TableName: TABLE, Key: { pk: "g#missing", sk: "g" } } },
          {
            Get: {
              TableName: TABLE,
              Key: { pk: "g#1", sk: "other" },
            },
          },
          {
            Get: {
              TableName: TABLE,
              Key: { pk: "g#2", sk: "g" },
              ProjectionExpression: "#a",
              ExpressionAttributeNames: { "#a": "a" },
            },
          },
        ],
      }),
    );
    expect(result.Responses).toEqual([{ Item: { pk: "g#1", sk: "g", a: 1, b: { c: 2 } } }, {}, {}, { Item: { a: 3 } }]);

    const duplicate = await catchError(
      doc.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: TABLE, Key: { pk: "g#1", sk: "g" } } },
            { Get: { TableName: TABLE, Key: { pk: "g#1", sk: "g" } } },
          ],
        }),
      ),
    );
    expect(duplicate.name).toBe("ValidationException");
  });

  it("reports consumed capacity when asked", async () => {
    const result = await doc.send(
      new TransactWriteCommand({
        ReturnConsumedCapacity: "TOTAL",
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: "cap#1", sk: "c" } } },
          { Put: { TableName: TABLE, Item: { pk: "cap#2", sk: "c" } } },
        ],
      }),
    );
    expect(result.ConsumedCapacity).toEqual([{ TableName: TABLE, CapacityUnits: 4 }]);
  });

  it("still handles deletes outside transactions", async () => {
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: "plain", sk: "plain" } }));
    expect(await get("plain", "plain")).toBeUndefined();
  });
});

describe("local dynamo on disk", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "local-dynamo-"));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps tables and transaction writes across close and restart", async () => {
    const path = join(dir, "db");
    const first = await startLocalDynamo({ path });
    const a = clientFor(first.endpoint);
    try {
      await createTable(a.raw);
      await a.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: "user#1", sk: "user", gsi1pk: "users", gsi1sk: "1" } } },
            {
              Put: {
                TableName: TABLE,
                Item: { pk: "email#a", sk: "email" },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      );
    } finally {
      a.raw.destroy();
      await first.close();
    }

    const second = await startLocalDynamo({ path });
    const b = clientFor(second.endpoint);
    try {
      const got = await b.doc.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: TABLE, Key: { pk: "user#1", sk: "user" } } },
            { Get: { TableName: TABLE, Key: { pk: "email#a", sk: "email" } } },
          ],
        }),
      );
      expect(got.Responses?.map((r) => r.Item?.pk)).toEqual(["user#1", "email#a"]);

      const byIndex = await b.doc.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :p",
          ExpressionAttributeValues: { ":p": "users" },
        }),
      );
      expect(byIndex.Items?.map((item) => item.pk)).toEqual(["user#1"]);

      const err = await catchError(
        b.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: TABLE, Item: { pk: "user#2", sk: "user" } } },
              {
                Put: {
                  TableName: TABLE,
                  Item: { pk: "email#a", sk: "email" },
                  ConditionExpression: "attribute_not_exists(pk)",
                },
              },
            ],
          }),
        ),
      );
      expect(err.name).toBe("TransactionCanceledException");
    } finally {
      b.raw.destroy();
      await second.close();
    }
  });
});
