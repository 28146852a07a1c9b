import { domain, isProduction } from "./settings";

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

/**
 * Derived public content: search's index segments (one gzipped index per day of articles), and
 * the reader view's extracted pages under `reader/` (one per article, kept 3 days: the rule
 * deletes them a day after that).
 */
export const searchBucket = new sst.aws.Bucket("Search", {
  lifecycle: [{ id: "expire-reader-pages", prefix: "reader/", expiresIn: "4 days" }],
});

/**
 * Profile photos. Browsers upload under `uploads/` with presigned POSTs (the policy fixes the key,
 * type and size), so CORS allows POST from the site; unconfirmed uploads expire after a day. The
 * API keeps checked WebP variants under `public/`, which the router serves at `/media` (api.ts).
 */
export const imagesBucket = new sst.aws.Bucket("Images", {
  access: "cloudfront",
  cors: {
    allowMethods: ["POST"],
    allowOrigins: domain ? [`https://${domain}`] : ["*"],
    allowHeaders: ["*"],
    exposeHeaders: ["ETag", "Location"],
    maxAge: "1 hour",
  },
  lifecycle: [{ id: "expire-unconfirmed-uploads", prefix: "uploads/", expiresIn: "1 day" }],
});

/**
 * Files people import (a Google Takeout `watch-history.json`). Browsers upload under `takeout/`
 * with presigned POSTs, straight to the bucket (API Gateway and Lambda take no 15 MB body), so
 * CORS allows POST from the site; the import worker deletes each file once it has read it, and
 * a lifecycle rule drops whatever is left (an upload never started, a worker that gave up) after a day.
 */
export const importsBucket = new sst.aws.Bucket("Imports", {
  cors: {
    allowMethods: ["POST"],
    allowOrigins: domain ? [`https://${domain}`] : ["*"],
    allowHeaders: ["*"],
    exposeHeaders: ["ETag", "Location"],
    maxAge: "1 hour",
  },
  lifecycle: [{ id: "expire-takeout-files", prefix: "takeout/", expiresIn: "1 day" }],
});
