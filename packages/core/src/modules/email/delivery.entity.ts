import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Marks a queued e-mail as sent, so a redelivered queue message does not send it twice. */
export const DeliveryEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "mailDelivery", version: "1", service: "graph" },
    attributes: {
      messageId: { type: "string", required: true, readOnly: true },
      sentAt: { type: "number", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byMessage: {
        pk: { field: "pk", composite: ["messageId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
