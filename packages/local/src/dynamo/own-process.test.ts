import { CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { startDynamoProcess } from "./own-process.ts";

describe("the DynamoDB stand-in in a process of its own", () => {
  it("answers on its endpoint, refuses faults, and its process ends on close", async () => {
    const dynamo = await startDynamoProcess();
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: "local",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      maxAttempts: 1,
    });
    try {
      await client.send(
        new CreateTableCommand({
          TableName: "app",
          BillingMode: "PAY_PER_REQUEST",
          KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
          AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
        }),
      );
      await client.send(new PutItemCommand({ TableName: "app", Item: { pk: { S: "a" }, n: { N: "1" } } }));
      const { Item } = await client.send(new GetItemCommand({ TableName: "app", Key: { pk: { S: "a" } } }));
      expect(Item).toEqual({ pk: { S: "a" }, n: { N: "1" } });
      expect(() =>
        dynamo.faults.inject({ match: () => true, error: "ProvisionedThroughputExceededException" } as never),
      ).toThrow(/process of its own/);
    } finally {
      client.destroy();
      await dynamo.close();
    }
    await expect(client.send(new GetItemCommand({ TableName: "app", Key: { pk: { S: "a" } } }))).rejects.toThrow();
  });
});
