import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Shards of phrases' vocabularies, so many phrases don't share one partition. */
export const VOCABULARY_SHARDS = 16;

/**
 * What graph learnt of one topic phrase from the trusted articles that name it: the foreground
 * of its significant terms (see significance.ts), bounded, and the terms found significant.
 * Rewritten whole under a version check, so parallel writers never lose each other's counts.
 */
export const PhraseVocabularyEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "phraseVocabulary", version: "1", service: "graph" },
    attributes: {
      shard: { type: "number", required: true, readOnly: true },
      phrase: { type: "string", required: true, readOnly: true },
      /** Trusted articles counted that name the phrase. */
      articles: { type: "number", required: true },
      /** Per term, how many of them hold it: `term count` lines (at most MAX_COUNTED_TERMS). */
      counts: { type: "string", required: true },
      /** The ids of the articles counted last (a bounded ring): a retried job counts nothing twice. */
      counted: { type: "list", items: { type: "string" }, required: true },
      /** The strong terms, strongest first, as `term weight`. */
      strong: { type: "list", items: { type: "string" }, required: true },
      /** When `strong` last changed: related matchers read only what changed since they last looked. */
      strongAt: { type: "number", required: true },
      /** When recent articles were last queued to be matched again through the strong terms. */
      relatedQueuedAt: { type: "number" },
      version: { type: "number", required: true },
    },
    indexes: {
      byShard: {
        pk: { field: "pk", composite: ["shard"] },
        sk: { field: "sk", composite: ["phrase"] },
      },
      changedSince: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["shard"] },
        sk: { field: "gsi1sk", composite: ["strongAt", "phrase"] },
      },
    },
  },
  entityConfig(),
);

/**
 * The background model (document frequencies over recent trusted articles), gzipped JSON in
 * parts of at most PART_CHARS (DynamoDB items hold 400 KB), under a generation; the item of
 * generation `head` names the current one. A new build writes its parts, then the head: a
 * reader never sees half a model. Old generations expire.
 */
export const BackgroundPartEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "vocabularyBackground", version: "1", service: "graph" },
    attributes: {
      generation: { type: "string", required: true, readOnly: true },
      part: { type: "number", required: true, readOnly: true, padding: { length: 3, char: "0" } },
      /** A part of the gzipped model, base64. */
      data: { type: "string" },
      /** On the head: the current generation, its number of parts and articles, when built. */
      current: { type: "string" },
      parts: { type: "number" },
      articles: { type: "number" },
      builtAt: { type: "number" },
      expiresAt: { type: "number" },
      /** On the item `request`: when a build was last asked for (see `requestBackground`). */
      requestedAt: { type: "number" },
    },
    indexes: {
      byGeneration: {
        pk: { field: "pk", composite: ["generation"] },
        sk: { field: "sk", composite: ["part"] },
      },
    },
  },
  entityConfig(),
);
