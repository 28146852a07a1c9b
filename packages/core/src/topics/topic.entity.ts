import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db.ts";

/** One of a person's topics. Its id is derived from its phrase, so a person holds a phrase once. */
export const TopicEntity = new Entity(
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

/** Shards of the dictionary, so a million phrases don't share one partition. */
export const DICTIONARY_SHARDS = 16;

/**
 * A phrase of the global topic dictionary: how many people follow it and how many articles
 * it matched (its rarity). `updatedAt` lets matchers pick up only what changed.
 */
export const DictionaryPhraseEntity = new Entity(
  {
    model: { entity: "dictionaryPhrase", version: "1", service: "graph" },
    attributes: {
      shard: { type: "number", required: true, readOnly: true },
      phrase: { type: "string", required: true, readOnly: true },
      followers: { type: "number", required: true, default: 0 },
      postings: { type: "number", required: true, default: 0 },
      updatedAt: { type: "number", required: true },
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

export const AimEntity = new Entity(
  {
    model: { entity: "aim", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      aimId: { type: "string", required: true, readOnly: true },
      content: { type: "string", required: true },
      position: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["aimId"] },
      },
    },
  },
  entityConfig(),
);
