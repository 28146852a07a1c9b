import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many videos a person keeps. Every save writes its videos and adds here in one transaction
 * whose condition keeps the count within `VIDEOS_MAX` (every delete takes off), so parallel
 * saves can never pass it.
 */
export const VideoCountEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "watchedVideoCount", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      videos: { type: "number" },
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
