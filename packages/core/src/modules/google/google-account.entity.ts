import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** The Google account a graph account signs in with: the other half of `GoogleLinkEntity`, found by the person. */
export const GoogleAccountEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "googleAccount", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      subject: { type: "string", required: true, readOnly: true },
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
