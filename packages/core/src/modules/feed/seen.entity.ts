import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** That a person has seen an article in their feed: a refresh leaves it out. */
export const SeenEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "seen", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true, readOnly: true },
      seenAt: { type: "number", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["articleId"] },
      },
    },
  },
  entityConfig(),
);
