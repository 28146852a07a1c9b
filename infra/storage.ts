import { isProduction } from "./settings";

/**
 * The one DynamoDB table. Keys are generic (entities and their indexes are defined in
 * packages/core); items that expire carry `expiresAt` in epoch seconds.
 */
export const table = new sst.aws.Dynamo("Table", {
  fields: {
    pk: "string",
    sk: "string",
    gsi1pk: "string",
    gsi1sk: "string",
    gsi2pk: "string",
    gsi2sk: "string",
  },
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: {
    gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
    gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
  },
  ttl: "expiresAt",
  deletionProtection: isProduction,
  transform: {
    table: (args) => {
      args.pointInTimeRecovery = { enabled: isProduction };
    },
  },
});

/** Search index segments (one gzipped MiniSearch index per day of articles). */
export const searchBucket = new sst.aws.Bucket("Search");
