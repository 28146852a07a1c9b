import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A topic phrase as people follow it: how it was last written when someone added it (`topic`,
 * e.g. 'TypeScript' for 'typescript'), and a sample of up to
 * `ASSOCIATION_LIMITS.followerSample` of the people who follow it. One item per phrase of a
 * few hundred bytes: a suggestion learns who shares a person's topics from one read per topic.
 * Kept beside the topics (one write per topic added or removed), not in their transaction: it
 * is a sample, and a suggestion checks the people it names against their actual topics.
 */
export const PhraseFollowersEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "phraseFollowers", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      topic: { type: "string" },
      users: { type: "set", items: "string" },
      /** How many people `users` names (kept with it, so a write can check the sample's size). */
      sampled: { type: "number" },
    },
    indexes: {
      byPhrase: {
        pk: { field: "pk", composite: ["phrase"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
