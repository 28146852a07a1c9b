import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A source whose articles do not reach everyone yet. Written with the source when a suggestion
 * creates it and removed in the same transaction that trusts it; all share one partition, so
 * a feed reads the whole list with one query.
 */
export const UntrustedSourceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "untrustedSource", version: "1", service: "graph" },
    attributes: {
      sourceId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      bySource: {
        pk: { field: "pk", composite: [] },
        sk: { field: "sk", composite: ["sourceId"] },
      },
    },
  },
  entityConfig(),
);
