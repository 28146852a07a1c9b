import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One of the places a person has for suggestions waiting for their check (as many as the cap):
 * a suggestion is recorded in the same transaction that takes a free place, on condition it is
 * free, so suggestions sent all at once cannot pass the cap. A place is free when empty, or
 * when its suggestion has waited so long (`staleAt`) that its check was lost: such a suggestion
 * is checked again by the `ingest` schedule but no longer holds the person back.
 */
export const PendingSlotEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pendingSlot", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      slot: { type: "number", required: true, readOnly: true, padding: { length: 3, char: "0" } },
      suggestionId: { type: "string", required: true },
      staleAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["slot"] },
      },
    },
  },
  entityConfig(),
);
