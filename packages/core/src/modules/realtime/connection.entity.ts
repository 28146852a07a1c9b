import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** An open WebSocket of a signed-in person, so the server can push to them (and close it when they sign out). */
export const ConnectionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "connection", version: "1", service: "graph" },
    attributes: {
      connectionId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** The key of the session that opened the socket (by cookie, or by a token it asked for). */
      sessionHash: { type: "string", readOnly: true },
      connectedAt: { type: "number", required: true, readOnly: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byConnection: {
        pk: { field: "pk", composite: ["connectionId"] },
        sk: { field: "sk", composite: [] },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["connectedAt", "connectionId"] },
      },
    },
  },
  entityConfig(),
);
