import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The last slot the digest job has read: the next run reads every slot after it up to now, so
 * a run that was missed (an outage, a late schedule) leaves nobody behind.
 */
export const DigestCursorEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "digestCursor", version: "1", service: "graph" },
    attributes: {
      name: { type: "string", required: true, readOnly: true },
      slot: { type: "number", required: true },
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
