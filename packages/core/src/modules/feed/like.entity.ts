import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** An article a person added to their graph (a like), with enough to list it on their profile. */
export const LikeEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "like", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true, readOnly: true },
      likedAt: { type: "number", required: true, readOnly: true },
      title: { type: "string", required: true },
      link: { type: "string", required: true },
      sourceName: { type: "string", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["articleId"] },
      },
      newestByUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["likedAt", "articleId"] },
      },
    },
  },
  entityConfig(),
);

export type Like = EntityItem<typeof LikeEntity>;
