import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { sharedPick } from "./shared-pick.ts";

/**
 * One friend's session in a reader's following timeline (fan-out on write): written into each
 * follower's partition when the author's session is stored, so the following feed is one Query
 * of the reader's own partition, newest first, however many people they follow. Expires with
 * the author's shared session.
 */
export const TimelineEntryEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "timelineEntry", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      authorId: { type: "string", required: true, readOnly: true },
      picks: { type: "list", items: sharedPick, required: true },
      expiresAt: { type: "number", required: true },
      /** The author's primary photo when the session was shared. */
      imageUrl: { type: "string" },
    },
    indexes: {
      byReader: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["createdAt", "authorId"] },
      },
    },
  },
  entityConfig(),
);

export type TimelineEntry = EntityItem<typeof TimelineEntryEntity>;
