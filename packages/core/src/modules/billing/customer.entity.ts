import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's Stripe customer. The row is claimed (conditional create) before the customer is
 * made, so parallel checkouts make one customer; `customerId` is set once it exists.
 */
export const CustomerEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "billingCustomer", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /** Makes the Stripe idempotency key of the one create call, whoever ends up making it. */
      claim: { type: "string", required: true, readOnly: true },
      claimedAt: { type: "number", required: true, readOnly: true },
      customerId: { type: "string" },
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

export type Customer = EntityItem<typeof CustomerEntity>;
