import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** One of a person's topics. Its id is derived from its phrase, so a person holds a phrase once. */
export const TopicEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "topic", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      topicId: { type: "string", required: true, readOnly: true },
      /** As shown: trimmed, capitalised words. */
      topic: { type: "string", required: true },
      /** What the matcher knows it by (normalised tokens). */
      phrase: { type: "string", required: true, readOnly: true },
      isSupertag: { type: "boolean", required: true, default: false },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["topicId"] },
      },
    },
  },
  entityConfig(),
);

export type Topic = EntityItem<typeof TopicEntity>;
