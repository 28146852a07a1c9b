import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Shards of the dictionary, so a million phrases don't share one partition. */
export const DICTIONARY_SHARDS = 16;

/**
 * A phrase of the global topic dictionary: how many people follow it and how many articles
 * it matched (its rarity). `updatedAt` lets matchers pick up only what changed.
 */
export const DictionaryPhraseEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "dictionaryPhrase", version: "1", service: "graph" },
    attributes: {
      shard: { type: "number", required: true, readOnly: true },
      phrase: { type: "string", required: true, readOnly: true },
      followers: { type: "number", required: true, default: 0 },
      postings: { type: "number", required: true, default: 0 },
      updatedAt: { type: "number", required: true },
      /** Set by whoever queued the backfill of this phrase, so it is queued once. */
      backfillQueuedAt: { type: "number" },
      /** When the backfill of this phrase finished: until then, feeds with it are provisional. */
      backfilledAt: { type: "number" },
    },
    indexes: {
      byShard: {
        pk: { field: "pk", composite: ["shard"] },
        sk: { field: "sk", composite: ["phrase"] },
      },
      changedSince: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["shard"] },
        sk: { field: "gsi1sk", composite: ["updatedAt", "phrase"] },
      },
    },
  },
  entityConfig(),
);
