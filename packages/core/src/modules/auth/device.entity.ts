import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A browser that has signed in to an account before (OWASP's "device cookie"). Its failed
 * log-ins are counted on their own, so a stranger guessing the password locks out only
 * strangers, never the person on their own browser. Keyed by the SHA-256 of the cookie token.
 */
export const DeviceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "device", version: "1", service: "graph" },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byToken: {
        pk: { field: "pk", composite: ["tokenHash"] },
        sk: { field: "sk", composite: [] },
      },
      /** Found by their account when it is deleted. */
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
);
