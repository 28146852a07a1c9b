import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many times a person changed their username on one UTC day. Each change adds one with the
 * condition that the count is under the day's limit: one conditional write, so parallel
 * changes can never pass the limit.
 */
export const NameChangeDayEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "nameChangeDay", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      day: { type: "string", required: true, readOnly: true },
      count: { type: "number", required: true },
      /** Epoch seconds (the table's TTL attribute): the day's count is not needed after it. */
      expiresAt: { type: "number" },
    },
    indexes: {
      byUserDay: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["day"] },
      },
    },
  },
  entityConfig(),
);
