import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { sharedPick } from "./shared-pick.ts";

/**
 * A feed session as the author's followers see it (at most `FOLLOWING_FEED.picksPerSession`
 * picks), kept in the author's partition for `FOLLOWING_FEED.retentionDays`: a new follower's
 * timeline is filled from here, and an unfollow knows which timeline entries to take back.
 */
export const SharedSessionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "sharedSession", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      picks: { type: "list", items: sharedPick, required: true },
      expiresAt: { type: "number", required: true },
      /** The author's primary photo when the session was shared. */
      imageUrl: { type: "string" },
    },
    indexes: {
      byAuthor: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
);
