import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The one item recording which version of the catalogue the sources hold (`hash`, a content
 * hash of its entries) and, while a load runs, the load's claim on it: the hash it loads and
 * until when the claim holds (a crashed load's claim lapses, and the next tick loads again).
 */
export const CatalogueVersionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "catalogueVersion", version: "1", service: "graph" },
    attributes: {
      name: { type: "string", required: true, readOnly: true },
      hash: { type: "string" },
      count: { type: "number" },
      loadedAt: { type: "number" },
      loadingHash: { type: "string" },
      loadingUntil: { type: "number" },
    },
    indexes: {
      byName: {
        pk: { field: "pk", composite: ["name"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
