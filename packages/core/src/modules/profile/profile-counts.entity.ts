import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many thoughts and websites a person has. Each add writes its item and adds one here in
 * one transaction whose condition keeps the count within the limit (each delete takes one
 * off), so parallel adds can never pass it.
 */
export const ProfileCountsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "profileCounts", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      thoughts: { type: "number" },
      websites: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
