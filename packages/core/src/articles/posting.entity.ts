import { Entity } from "electrodb";
import { entityConfig } from "../db.ts";

/** A match of a topic phrase in an article: what a feed reads, newest first, per phrase. */
export const PostingEntity = new Entity(
  {
    model: { entity: "posting", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true, readOnly: true },
      publishedAt: { type: "number", required: true, readOnly: true },
      sourceId: { type: "string", required: true },
      inTitle: { type: "boolean", required: true },
      titleCount: { type: "number", required: true },
      bodyCount: { type: "number", required: true },
    },
    indexes: {
      byPhrase: {
        pk: { field: "pk", composite: ["phrase"] },
        sk: { field: "sk", composite: ["publishedAt", "articleId"] },
      },
    },
  },
  entityConfig(),
);
