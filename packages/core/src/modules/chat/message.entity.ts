import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A message, sorted by `sentAt` within its conversation. `sentAt` (epoch ms, 13 digits until
 * the year 2286, so text order is number order) is unique in a conversation: the send that
 * stores it also moves the conversation's `lastMessageAt` forward, on condition.
 */
export const MessageEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "chatMessage", version: "1", service: "graph" },
    attributes: {
      conversationId: { type: "string", required: true, readOnly: true },
      sentAt: { type: "number", required: true, readOnly: true },
      messageId: { type: "string", required: true, readOnly: true },
      senderId: { type: "string", required: true, readOnly: true },
      /** The sender's username when it was sent. */
      senderName: { type: "string", required: true, readOnly: true },
      content: { type: "string", required: true, readOnly: true },
      clientId: { type: "string", readOnly: true },
    },
    indexes: {
      byConversation: {
        pk: { field: "pk", composite: ["conversationId"] },
        sk: { field: "sk", composite: ["sentAt"] },
      },
    },
  },
  entityConfig(),
);

export type StoredMessage = EntityItem<typeof MessageEntity>;
