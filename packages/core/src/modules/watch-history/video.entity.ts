import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A YouTube video a person keeps on their profile (picked from an import of their watch
 * history). Keyed by the person and the video's id, so saving it again finds it; a second index
 * lists them newest saved first.
 */
export const VideoEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "watchedVideo", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      videoId: { type: "string", required: true, readOnly: true },
      title: { type: "string", required: true },
      channelName: { type: "string", required: true },
      channelUrl: { type: "string", required: true },
      /** Padded so the index sorts it as a number. */
      addedAt: { type: "number", required: true, readOnly: true, padding: { length: 15, char: "0" } },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["videoId"] },
      },
      byAddedAt: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["addedAt", "videoId"] },
      },
    },
  },
  entityConfig(),
);

export type Video = EntityItem<typeof VideoEntity>;
