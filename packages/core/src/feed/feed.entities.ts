import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db.ts";
import { SOURCE_TYPES } from "../sources/source.entity.ts";

/** A picked article as a session keeps it, so a session reads back without joins. */
const pick = {
  type: "map",
  properties: {
    id: { type: "string", required: true },
    title: { type: "string", required: true },
    link: { type: "string", required: true },
    source_name: { type: "string", required: true },
    source_id: { type: "string", required: true },
    source_type: { type: SOURCE_TYPES, required: true },
    publishedAt: { type: "number", required: true },
    bestMatchingKeywords: { type: "list", items: { type: "string" }, required: true },
    group: { type: "string", required: true },
  },
} as const;

/** One feed refresh: when, and what it picked (a later release shows friends' sessions). */
export const FeedSessionEntity = new Entity(
  {
    model: { entity: "feedSession", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      kind: { type: ["auto", "manual"] as const, required: true, readOnly: true },
      groupOrder: { type: "list", items: { type: "string" }, required: true },
      picks: { type: "list", items: pick, required: true },
      nextRefreshAt: { type: "number", required: true },
      expiresAt: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
);

export type FeedSession = EntityItem<typeof FeedSessionEntity>;

/** Per-person feed state that is not a session: a cleared refresh, the last manual refresh. */
export const FeedStateEntity = new Entity(
  {
    model: { entity: "feedState", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /** Set when topics or silenced sources change: the next read recomputes. */
      staleSince: { type: "number" },
      lastManualRefreshAt: { type: "number" },
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

export const SeenEntity = new Entity(
  {
    model: { entity: "seen", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true, readOnly: true },
      seenAt: { type: "number", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["articleId"] },
      },
    },
  },
  entityConfig(),
);

/** An article a person added to their graph (a like), with enough to list it on their profile. */
export const LikeEntity = new Entity(
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

export const SilencedSourceEntity = new Entity(
  {
    model: { entity: "silencedSource", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      sourceId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["sourceId"] },
      },
    },
  },
  entityConfig(),
);

export const SuggestedSourceEntity = new Entity(
  {
    model: { entity: "suggestedSource", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      suggestionId: { type: "string", required: true, readOnly: true },
      websiteUrl: { type: "string", required: true },
      rssFeedUrl: { type: "string", required: true, default: "" },
      approvalState: {
        type: ["pending", "approved", "rejected", "duplicate"] as const,
        required: true,
        default: "pending",
      },
      sourceId: { type: "string" },
      reason: { type: "string" },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["suggestionId"] },
      },
    },
  },
  entityConfig(),
);
