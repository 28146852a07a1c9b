import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A source a person asked graph to read, and what checking it found. */
export const SuggestedSourceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "suggestedSource", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      suggestionId: { type: "string", required: true, readOnly: true },
      websiteUrl: { type: "string", required: true },
      rssFeedUrl: { type: "string", required: true, default: "" },
      approvalState: {
        type: ["pending", "approved", "rejected", "duplicate"] as const,
        required: true,
        default: "pending",
      },
      sourceId: { type: "string" },
      reason: { type: "string" },
      /** The category an imported feed was filed under in its OPML file (kept for the export). */
      category: { type: "string" },
      /** The place it holds among the person's pending suggestions (see PendingSlotEntity). */
      pendingSlot: { type: "number" },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["suggestionId"] },
      },
    },
  },
  entityConfig(),
);
