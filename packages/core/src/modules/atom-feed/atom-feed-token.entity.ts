import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** The look-up of a feed's secret address: its SHA-256 to the person (written with `AtomFeedEntity`). */
export const AtomFeedTokenEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "atomFeedToken", version: "1", service: "graph" },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      byHash: {
        pk: { field: "pk", composite: ["tokenHash"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
