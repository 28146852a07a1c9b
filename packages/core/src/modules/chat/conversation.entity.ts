import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A conversation: who is in it (fixed at creation: nobody is added or leaves) and its last
 * message, which every send updates with a condition that keeps `lastMessageAt` increasing.
 */
export const ConversationEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "conversation", version: "1", service: "graph" },
    attributes: {
      conversationId: { type: "string", required: true, readOnly: true },
      name: { type: "string" },
      isGroup: { type: "boolean", required: true, readOnly: true },
      isBot: { type: "boolean", required: true, readOnly: true },
      memberIds: { type: "list", items: { type: "string" }, required: true, readOnly: true },
      createdBy: { type: "string", required: true, readOnly: true },
      /** Epoch milliseconds. */
      createdAt: { type: "number", required: true, readOnly: true },
      updatedAt: { type: "number", required: true },
      lastMessage: { type: "string" },
      lastMessageAt: { type: "number" },
      lastSenderId: { type: "string" },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["conversationId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

export type Conversation = EntityItem<typeof ConversationEntity>;
