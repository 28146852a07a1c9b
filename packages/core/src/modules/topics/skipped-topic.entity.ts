import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A topic a person asked not to be suggested again, by the id it would have as their topic
 * (`topicIdOf(phrase)`), with its name when the client sent it. How many a person has is
 * counted in `TopicCountsEntity.skipped`, changed in the same transaction.
 */
export const SkippedTopicEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "skippedTopic", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      topicId: { type: "string", required: true, readOnly: true },
      topic: { type: "string" },
      skippedAt: { type: "number", required: true },
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
