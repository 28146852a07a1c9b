import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One of a person's top tracks on Spotify, as the last sync found it. Keyed by the person and
 * Spotify's track id (ids are compared across people for mutual interests); a second index
 * lists them by rank.
 */
export const TrackEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "spotifyTrack", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      trackId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      artists: { type: "list", items: { type: "string" }, required: true },
      /** An address Spotify answered (checked to be http(s)); empty when it gave none. */
      imageUrl: { type: "string", required: true },
      url: { type: "string", required: true },
      /** 0 is the person's most played. */
      rank: { type: "number", required: true, padding: { length: 4, char: "0" } },
      syncedAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["trackId"] },
      },
      byRank: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["rank", "trackId"] },
      },
    },
  },
  entityConfig(),
);

export type Track = EntityItem<typeof TrackEntity>;
