import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * When a shard of the dictionary last had a phrase's followers change (the newest `updatedAt`
 * it was given), written before the change: a matcher reads the sixteen clocks in one request
 * and queries only the shards that changed since its last sync, so a sync of a dictionary
 * nobody changed costs one read instead of sixteen queries.
 */
export const DictionaryClockEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "dictionaryClock", version: "1", service: "graph" },
    attributes: {
      shard: { type: "number", required: true, readOnly: true },
      changedAt: { type: "number", required: true },
    },
    indexes: {
      byShard: {
        pk: { field: "pk", composite: ["shard"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
