import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** The order and visibility of a person's profile sections, one item: a save replaces it whole. */
export const SectionOrderEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "sectionOrder", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      sections: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            id: { type: "string", required: true },
            order: { type: "number", required: true },
            visible: { type: "boolean", required: true },
          },
        },
      },
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
