import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's aims (intentions), in their order, in one item: replacing them is one write, so
 * parallel saves can never leave more than the limit (the item holds the whole list).
 */
export const AimsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "aims", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      aims: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            id: { type: "string", required: true },
            content: { type: "string", required: true },
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
