import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { Resource } from "sst";

/**
 * One DynamoDB client per process. Region and endpoint come from the standard AWS
 * environment (AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB), which the local runtime points
 * at its stand-in; the table name comes from the linked resource.
 */
let client: DynamoDBClient | undefined;

export function dynamo(): DynamoDBClient {
  client ??= new DynamoDBClient({});
  return client;
}

export function tableName(): string {
  return Resource.Table.name;
}

/** ElectroDB configuration shared by every entity. */
export function entityConfig() {
  return { client: dynamo(), table: tableName() };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A UTC day as `YYYY-MM-DD`: the partition key of day-partitioned items. */
export const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** Whether a write failed only because its condition did not hold (ElectroDB wraps the SDK's error). */
export function isConditionFailure(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string }; message?: string } | undefined;
  return (
    e?.name === "ConditionalCheckFailedException" ||
    e?.cause?.name === "ConditionalCheckFailedException" ||
    /conditional request failed/i.test(e?.message ?? "")
  );
}
