import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { FEED_RESULTS } from "./rules.ts";

/**
 * One feed of an import, in the file's order, and what its check came to. Written `pending` when
 * the import starts; its result is written once, on condition it is still pending, together with
 * the import's counts: a worker delivered again after dying midway checks only the pending ones.
 */
export const FeedImportFeedEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "feedImportFeed", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      importId: { type: "string", required: true, readOnly: true },
      position: { type: "number", required: true, readOnly: true, padding: { length: 5, char: "0" } },
      /** The feed's address as the file gives it. */
      url: { type: "string", required: true },
      title: { type: "string", required: true },
      htmlUrl: { type: "string" },
      category: { type: "string" },
      status: { type: FEED_RESULTS, required: true },
      reason: { type: "string" },
      /** The feed's address as checked (after discovery), once added or found. */
      feedUrl: { type: "string" },
      sourceId: { type: "string" },
      settledAt: { type: "number" },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["importId", "position"] },
      },
    },
  },
  entityConfig(),
);

export type FeedImportFeed = EntityItem<typeof FeedImportFeedEntity>;
