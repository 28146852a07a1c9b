import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many books and films a person keeps. Every add writes its items and adds here in one
 * transaction whose condition keeps the count within the cap (every delete takes off), so
 * parallel adds and imports can never pass it.
 */
export const ShelfCountsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "shelfCounts", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      books: { type: "number" },
      movies: { type: "number" },
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
