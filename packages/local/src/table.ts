import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";

/** The one table, as infra/storage.ts declares it on AWS: pk/sk and two generic GSIs. */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== "ResourceNotFoundException")
      throw error;
  }
  const keys = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"];
  const gsi = (n: 1 | 2) => ({
    IndexName: `gsi${n}`,
    KeySchema: [
      { AttributeName: `gsi${n}pk`, KeyType: "HASH" as const },
      { AttributeName: `gsi${n}sk`, KeyType: "RANGE" as const },
    ],
    Projection: { ProjectionType: "ALL" as const },
  });
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: keys.map((AttributeName) => ({ AttributeName, AttributeType: "S" as const })),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [gsi(1), gsi(2)],
    }),
  );
}
