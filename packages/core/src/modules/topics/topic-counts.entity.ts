import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many topics, supertags and skipped suggestions a person has. Every change to a person's topics updates these
 * counts in the same transaction, with a condition that keeps them within the limits, so
 * parallel requests cannot pass a limit.
 */
export const TopicCountsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "topicCounts", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      topics: { type: "number", required: true, default: 0 },
      supertags: { type: "number", required: true, default: 0 },
      /** When the person's topics last changed: a feed computed before it is out of date. */
      changedAt: { type: "number", required: true, default: 0 },
      /** Topics the person skipped (not to be suggested again); absent until the first skip. */
      skipped: { type: "number" },
      /**
       * When the person's topics were entered in the phrases' follower samples (topics added
       * before the samples existed are entered by their first suggestion request).
       */
      sampledAt: { type: "number" },
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
