import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { FEED_IMPORT_STATUSES } from "./rules.ts";

/**
 * A person's latest OPML import: one a person, so it is also the lock that keeps a second import
 * from starting while one runs (put on condition the last one ended or went stale). `queued` when
 * started, `running` while the import queue's worker checks its feeds, then `done`; `failed` only
 * when it could not be started. Its counts move with each feed's result, in the same transaction.
 */
export const FeedImportEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "feedImport", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      importId: { type: "string", required: true },
      status: { type: FEED_IMPORT_STATUSES, required: true },
      fileName: { type: "string", required: true },
      /** Feeds to check (after merging the ones listed twice). */
      total: { type: "number", required: true },
      /** Listings of a feed already listed, merged into the first. */
      merged: { type: "number", required: true },
      done: { type: "number", required: true },
      added: { type: "number", required: true },
      exists: { type: "number", required: true },
      notFeed: { type: "number", required: true },
      failed: { type: "number", required: true },
      message: { type: "string" },
      createdAt: { type: "number", required: true },
      updatedAt: { type: "number", required: true },
      finishedAt: { type: "number" },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
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

export type FeedImportItem = EntityItem<typeof FeedImportEntity>;
