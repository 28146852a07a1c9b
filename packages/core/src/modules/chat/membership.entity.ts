import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One person in one conversation: when they last read it, and (by-user index) their inbox.
 * The bot has none: its conversations are found from the person's side.
 */
export const MembershipEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "chatMembership", version: "1", service: "graph" },
    attributes: {
      conversationId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      joinedAt: { type: "number", required: true, readOnly: true },
      /** Epoch milliseconds of the last mark as read. */
      lastReadAt: { type: "number" },
    },
    indexes: {
      byConversation: {
        pk: { field: "pk", composite: ["conversationId"] },
        sk: { field: "sk", composite: ["userId"] },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["conversationId"] },
      },
    },
  },
  entityConfig(),
);
