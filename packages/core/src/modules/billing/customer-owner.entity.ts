import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Whose a Stripe customer is: subscription events name the customer, not the person. */
export const CustomerOwnerEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "billingCustomerOwner", version: "1", service: "graph" },
    attributes: {
      customerId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      byCustomer: {
        pk: { field: "pk", composite: ["customerId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
