import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many people have an article in their graph: the rarity of a shared like when two people's
 * interests are compared. Changed in the transaction that adds or removes the like, whose
 * condition fails on a repeat, so it counts each like once.
 */
export const ArticleLikesEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "articleLikes", version: "1", service: "graph" },
    attributes: {
      articleId: { type: "string", required: true, readOnly: true },
      likes: { type: "number", required: true, default: 0 },
    },
    indexes: {
      byArticle: {
        pk: { field: "pk", composite: ["articleId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
