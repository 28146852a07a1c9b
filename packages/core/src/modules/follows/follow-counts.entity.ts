import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many people a person follows and how many follow them. Changed only in the transaction
 * that writes or deletes the edges (whose conditions fail on a repeated follow or unfollow), so
 * the counts equal the edges under any number of parallel requests.
 */
export const FollowCountsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "followCounts", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      followers: { type: "number", required: true, default: 0 },
      following: { type: "number", required: true, default: 0 },
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
