import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The one subscription that gives a person pro. The first paying subscription claims it with a
 * conditional create; another takes it over (a conditional update naming the one it replaces)
 * only once that one no longer pays at Stripe. Any other paying subscription of the person — a
 * second checkout completed — is refunded and cancelled, and never sets the plan.
 */
export const PaidSubscriptionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "billingPaidSubscription", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      subscriptionId: { type: "string", required: true },
      claimedAt: { type: "number", required: true },
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
