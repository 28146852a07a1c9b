import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * Who is due in a quarter-hour slot: one item per person who wants the digest, filed under the
 * UTC slot of their next send. The job reads the slots that came due and nothing else, so the
 * items it reads are the people it sends to, however many people there are. Moving a person to
 * another slot (a send, a new time or zone) deletes this item and writes the next in one
 * transaction, on condition this one is still there: two runs cannot both take it.
 */
export const DigestScheduleEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "digestSchedule", version: "1", service: "graph" },
    attributes: {
      slot: { type: "number", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** The send time (epoch ms), within the slot. */
      sendAt: { type: "number", required: true },
    },
    indexes: {
      bySlot: {
        pk: { field: "pk", composite: ["slot"] },
        sk: { field: "sk", composite: ["userId"] },
      },
    },
  },
  entityConfig(),
);
