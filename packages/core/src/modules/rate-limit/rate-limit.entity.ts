import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** One fixed window of a sliding limit, incremented atomically; the TTL clears old windows. */
export const RateLimitEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "rateLimit", version: "1", service: "graph" },
    attributes: {
      bucket: { type: "string", required: true, readOnly: true },
      windowStart: { type: "number", required: true, readOnly: true },
      count: { type: "number", required: true, default: 0 },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byBucket: {
        pk: { field: "pk", composite: ["bucket"] },
        sk: { field: "sk", composite: ["windowStart"] },
      },
    },
  },
  entityConfig(),
);
