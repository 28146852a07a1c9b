import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A marker for an account that has not verified its e-mail yet, filed under the day it
 * signed up. It is written with the user and removed on verification, so the purge job
 * reads a few small day partitions instead of scanning every user.
 */
export const PendingAccountEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pendingAccount", version: "1", service: "graph" },
    attributes: {
      day: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      byDay: {
        pk: { field: "pk", composite: ["day"] },
        sk: { field: "sk", composite: ["createdAt", "userId"] },
      },
    },
  },
  entityConfig(),
);
