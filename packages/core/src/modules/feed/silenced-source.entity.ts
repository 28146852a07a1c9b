import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A source a person does not want in their feed. */
export const SilencedSourceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "silencedSource", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      sourceId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["sourceId"] },
      },
    },
  },
  entityConfig(),
);
