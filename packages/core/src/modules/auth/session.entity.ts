import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A signed-in browser. Keyed by the SHA-256 of the cookie token, never the token itself. */
export const SessionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "session", version: "1", service: "graph" },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      /** Epoch seconds after which the session ends however active it is. */
      absoluteExpiresAt: { type: "number", required: true, readOnly: true },
      /** Epoch seconds; slides forward with use (idle expiry) and is the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byToken: {
        pk: { field: "pk", composite: ["tokenHash"] },
        sk: { field: "sk", composite: [] },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
);
