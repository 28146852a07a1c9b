import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { Resource } from "sst";

/**
 * The cold-start benchmark's baseline: the least a Hono API on DynamoDB is (one route, one read),
 * bundled as graph's functions are, so their start-up is measured against what any would cost.
 */
const dynamo = new DynamoDBClient({});
const app = new Hono().all("*", async (c) => {
  const item = await dynamo.send(
    new GetItemCommand({ TableName: Resource.Table.name, Key: { pk: { S: "baseline" }, sk: { S: "baseline" } } }),
  );
  return c.json({ found: item.Item !== undefined });
});

export const handler = handle(app);
