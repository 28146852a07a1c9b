import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many people hold an item of a kind (a book, a film, a track, an artist, a channel, a
 * video), changed in the same transaction as each write of a person's item: mutual interests
 * weigh a shared item by how rare it is. (Stored as "mediaHolders": books and films came first.)
 */
export const HolderEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "mediaHolders", version: "1", service: "graph" },
    attributes: {
      kind: { type: "string", required: true, readOnly: true },
      itemId: { type: "string", required: true, readOnly: true },
      holders: { type: "number" },
    },
    indexes: {
      byItem: {
        pk: { field: "pk", composite: ["kind", "itemId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
