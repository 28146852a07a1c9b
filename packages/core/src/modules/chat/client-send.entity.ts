import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A sender's `clientId`, written only if absent in the transaction that stores the message: a
 * resend with the same id fails that condition and reads the stored message back from here.
 * Kept a week (a client retries for minutes, not days).
 */
export const ClientSendEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "chatClientSend", version: "1", service: "graph" },
    attributes: {
      senderId: { type: "string", required: true, readOnly: true },
      clientId: { type: "string", required: true, readOnly: true },
      conversationId: { type: "string", required: true, readOnly: true },
      sentAt: { type: "number", required: true, readOnly: true },
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      bySender: {
        pk: { field: "pk", composite: ["senderId", "clientId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
