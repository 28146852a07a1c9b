import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The last state of one Stripe subscription that graph read from Stripe, and when it was read:
 * a reading older than the stored one is never written (webhooks arrive in any order).
 */
export const SubscriptionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "billingSubscription", version: "1", service: "graph" },
    attributes: {
      subscriptionId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      customerId: { type: "string", required: true },
      status: { type: "string", required: true },
      cancelAtPeriodEnd: { type: "boolean", required: true },
      /** Seconds, as Stripe gives it. */
      currentPeriodEnd: { type: "number" },
      /** When this state was read from Stripe (ms). */
      readAt: { type: "number", required: true },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["subscriptionId"] },
        sk: { field: "sk", composite: [] },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["subscriptionId"] },
      },
    },
  },
  entityConfig(),
);

export type Subscription = EntityItem<typeof SubscriptionEntity>;
