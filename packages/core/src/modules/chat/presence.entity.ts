import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's open sockets and the conversations each is viewing, in one item, so a send reads
 * every member's in one batch read. Sets change by ADD and DELETE, which need no read first and
 * never lose a parallel change. `joined` holds `<connectionId> <conversationId>` pairs.
 */
export const PresenceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "chatPresence", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      connections: { type: "set", items: "string" },
      joined: { type: "set", items: "string" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
