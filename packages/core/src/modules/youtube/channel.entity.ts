import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A YouTube channel a person follows: from their linked account's subscriptions (`account`,
 * replaced at each sync and removed at unlink) or from a Takeout `subscriptions.csv`
 * (`takeout`, kept until they delete it). Keyed by the person and the channel id (`UC…`, compared
 * across people for mutual interests); a second index lists them newest first.
 */
export const ChannelEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "youtubeChannel", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      channelId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      /** A thumbnail address the Data API answered (checked to be http(s)); empty when none is known. */
      imageUrl: { type: "string", required: true },
      source: { type: ["account", "takeout"] as const, required: true },
      /** Epoch ms; a sync spaces its channels a millisecond apart so they list in the account's order. */
      addedAt: { type: "number", required: true, readOnly: true, padding: { length: 15, char: "0" } },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["channelId"] },
      },
      byAdded: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["addedAt", "channelId"] },
      },
    },
  },
  entityConfig(),
);

export type Channel = EntityItem<typeof ChannelEntity>;
