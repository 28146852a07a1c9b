import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The log of Stripe events received, by event id: an id already here is a repeat delivery and
 * is ignored. Kept longer than Stripe retries a delivery (3 days), then cleared by TTL.
 */
export const EventEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "billingEvent", version: "1", service: "graph" },
    attributes: {
      eventId: { type: "string", required: true, readOnly: true },
      type: { type: "string", required: true, readOnly: true },
      /** Stripe's own time of the event (seconds). */
      created: { type: "number", required: true, readOnly: true },
      receivedAt: { type: "number", required: true, readOnly: true },
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["eventId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
