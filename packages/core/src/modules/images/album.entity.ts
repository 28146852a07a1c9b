import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's photo count and which photo is the primary one. Every added or deleted photo
 * changes the count in the same transaction, with a condition that keeps it within the limit,
 * so parallel uploads cannot pass it; the primary is one attribute, so it is one photo at a time.
 */
export const AlbumEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "imageAlbum", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      images: { type: "number", required: true, default: 0 },
      primaryId: { type: "string" },
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
