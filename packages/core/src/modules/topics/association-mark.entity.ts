import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * That an article's matches were counted into the association data. Created in the same
 * transaction as the counts, on the condition that it does not exist: an article is counted
 * once however often ingestion meets it.
 */
export const AssociationMarkEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "associationMark", version: "1", service: "graph" },
    attributes: {
      articleId: { type: "string", required: true, readOnly: true },
      month: { type: "string", required: true, readOnly: true },
      /** The phrases counted (at most `ASSOCIATION_LIMITS.phrasesPerArticle`). */
      phrases: { type: "list", items: { type: "string" }, required: true },
      expiresAt: { type: "number", required: true },
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
