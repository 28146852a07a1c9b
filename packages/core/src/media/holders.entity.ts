import { Entity } from "electrodb";
import { entityConfig } from "../db.ts";

/**
 * How many people hold a book or film, changed in the same transaction as each shelf write:
 * mutual interests weigh a shared book by how rare it is.
 */
export const HoldersEntity = new Entity(
  {
    model: { entity: "mediaHolders", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["book", "movie"] as const, required: true, readOnly: true },
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

export type MediaKind = "book" | "movie";
