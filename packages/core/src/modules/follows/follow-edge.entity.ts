import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One side of a follow. A follow is stored twice, in each person's partition: `following` in
 * the follower's (`otherId` is whom they follow) and `follower` in the followed person's
 * (`otherId` is who follows them), so "whom does X follow" and "who follows X" are each one
 * Query, and the fan-out of a feed session reads only its author's followers.
 */
export const FollowEdgeEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "followEdge", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      direction: { type: ["following", "follower"] as const, required: true, readOnly: true },
      otherId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byOwner: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["direction", "otherId"] },
      },
    },
  },
  entityConfig(),
);
