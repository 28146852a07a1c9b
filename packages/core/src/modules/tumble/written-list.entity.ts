import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The tumble-word list a person writes, one item: the terms in their order (`terms`), their
 * keys (`keys`, what makes two spellings one term) and how many there are. Adding a term is one
 * conditional update of this item (under the limit, not there yet); replacing the list is one put.
 * It is kept when the plan no longer includes it, and used again after an upgrade.
 */
export const WrittenListEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "tumbleWrittenList", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      terms: { type: "list", items: { type: "string" }, required: true },
      keys: { type: "set", items: "string" },
      count: { type: "number", required: true },
      changedAt: { type: "number", required: true },
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

export type WrittenList = EntityItem<typeof WrittenListEntity>;
