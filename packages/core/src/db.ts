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
