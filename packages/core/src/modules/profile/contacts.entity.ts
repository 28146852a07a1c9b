import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A person's contact links (their site and their socials), one item: a save replaces both. */
export const ContactsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "contacts", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      about: { type: "string", required: true, default: "" },
      socials: { type: "string", required: true, default: "" },
      updatedAt: { type: "number", required: true },
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
