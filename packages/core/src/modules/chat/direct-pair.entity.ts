import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The claim on a direct conversation: one item per pair of people (or per person and the bot),
 * keyed by the pair, created only if absent in the transaction that creates the conversation.
 * Two creations at once cannot both claim it; the one that loses reads the winner's id here.
 */
export const DirectPairEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "directPair", version: "1", service: "graph" },
    attributes: {
      pairKey: { type: "string", required: true, readOnly: true },
      conversationId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      byPair: {
        pk: { field: "pk", composite: ["pairKey"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
