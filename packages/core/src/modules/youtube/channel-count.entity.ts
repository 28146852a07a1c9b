import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many channels a person keeps. Every add writes its channels and adds here in one
 * transaction whose condition keeps the count within the cap (every delete takes off), so
 * parallel imports and syncs can never pass it.
 */
export const ChannelCountEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "youtubeChannelCount", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      channels: { type: "number" },
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
