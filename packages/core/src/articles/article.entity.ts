import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db.ts";
import { SOURCE_TYPES } from "../sources/source.entity.ts";

/** One ingested article. Duplicates are kept, linked to the article they repeat, and never shown. */
export const ArticleEntity = new Entity(
  {
    model: { entity: "article", version: "1", service: "graph" },
    attributes: {
      articleId: { type: "string", required: true, readOnly: true },
      sourceId: { type: "string", required: true, readOnly: true },
      sourceName: { type: "string", required: true },
      sourceType: { type: SOURCE_TYPES, required: true },
      title: { type: "string", required: true },
      link: { type: "string", required: true },
      guid: { type: "string", required: true },
      summary: { type: "string", required: true, default: "" },
      publishedAt: { type: "number", required: true },
      ingestedAt: { type: "number", required: true, readOnly: true },
      /** UTC day of publication: the partition backfills and search segments walk. */
      day: { type: "string", required: true },
      fingerprint: { type: "string", required: true },
      duplicateOf: { type: "string" },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["articleId"] },
        sk: { field: "sk", composite: [] },
      },
      byDay: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["day"] },
        sk: { field: "gsi1sk", composite: ["publishedAt", "articleId"] },
      },
      bySource: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["sourceId"] },
        sk: { field: "gsi2sk", composite: ["publishedAt", "articleId"] },
      },
    },
  },
  entityConfig(),
);

export type Article = EntityItem<typeof ArticleEntity>;

/**
 * Claims on an article's canonical link and on its title fingerprint, written with the article
 * in one transaction; a failed claim means the article repeats one graph already has.
 */
export const ArticleClaimEntity = new Entity(
  {
    model: { entity: "articleClaim", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["link", "fingerprint"] as const, required: true, readOnly: true },
      value: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true },
      /** Fingerprint claims lapse, so a recurring title ("Weekly roundup") is not a duplicate forever. */
      expiresAt: { type: "number" },
    },
    indexes: {
      byValue: {
        pk: { field: "pk", composite: ["kind", "value"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

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
