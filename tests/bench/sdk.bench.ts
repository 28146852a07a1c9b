import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from "@aws-sdk/client-dynamodb";
import { withoutSdkLogging } from "../../packages/core/src/adapters/aws/index.ts";

const TABLE = "graph-bench-sdk";
const ITEMS = 100;
const ROUNDS = 12;
const REQUESTS = 50;

/**
 * The AWS SDK's logger middleware (taken out of every client of graph's: adapters/aws), side by
 * side: a client with it and one without, alternating in rounds in this process, each sending
 * the same requests to the runtime's DynamoDB stand-in. The figure is this process's CPU a
 * request, the stand-in included when it runs here (the default), left out when it runs apart
 * (DYNAMO_PROCESS=own).
 */
export async function sdkBench() {
  console.log("\n## sdk (the AWS SDK's logger middleware, with and without)");
  const withLogging = new DynamoDBClient({});
  const without = withoutSdkLogging(new DynamoDBClient({}));
  await withLogging.send(
    new CreateTableCommand({
      TableName: TABLE,
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
      ],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
  // Shaped like a page of postings: a key, a number, a list and a map, and 2.5 kB of text.
  for (let i = 0; i < ITEMS; i++) {
    await without.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: {
          pk: { S: "bucket#1" },
          sk: { S: `page#${String(i).padStart(4, "0")}` },
          count: { N: String(i) },
          text: { S: "word ".repeat(500) },
          ids: { L: Array.from({ length: 20 }, (_, n) => ({ S: `a${n}` })) },
          meta: { M: { source: { S: "feed" }, at: { N: "1700000000" } } },
        },
      }),
    );
  }
  const requests: Record<string, (client: DynamoDBClient) => Promise<unknown>> = {
    [`Query of ${ITEMS} items`]: (client) =>
      client.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": { S: "bucket#1" } },
        }),
      ),
    "GetItem of one item": (client) =>
      client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: "bucket#1" }, sk: { S: "page#0001" } } })),
  };
  for (const [name, request] of Object.entries(requests)) {
    const cpu: Record<"with" | "without", number[]> = { with: [], without: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, client] of [
        ["with", withLogging],
        ["without", without],
      ] as const) {
        const before = process.cpuUsage();
        for (let i = 0; i < REQUESTS; i++) await request(client);
        const used = process.cpuUsage(before);
        cpu[side].push((used.user + used.system) / 1000 / REQUESTS);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const withMs = median(cpu.with);
    const withoutMs = median(cpu.without);
    console.log(
      `${name.padEnd(24)} CPU a request, median of ${ROUNDS} rounds of ${REQUESTS}: with the logger middleware ${withMs.toFixed(2)} ms, without ${withoutMs.toFixed(2)} ms (${((1 - withoutMs / withMs) * 100).toFixed(0)}% less)`,
    );
  }
  withLogging.destroy();
  without.destroy();
}
