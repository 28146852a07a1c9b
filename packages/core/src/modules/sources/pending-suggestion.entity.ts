import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A suggestion waiting for its check, listed oldest first in one partition: written with the
 * suggestion and removed with the write that settles it, so the `ingest` schedule finds the
 * checks that were lost (a crash, a message that never arrived) and queues them again.
 */
export const PendingSuggestionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pendingSuggestion", version: "1", service: "graph" },
    attributes: {
      createdAt: { type: "number", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      suggestionId: { type: "string", required: true, readOnly: true },
      /** When its check was last queued. */
      queuedAt: { type: "number", required: true },
      /** Checks queued so far. */
      checks: { type: "number", required: true, default: 1 },
      /** The place it holds among the person's pending suggestions (given back when it is given up). */
      slot: { type: "number" },
    },
    indexes: {
      byAge: {
        pk: { field: "pk", composite: [] },
        sk: { field: "sk", composite: ["createdAt", "userId", "suggestionId"] },
      },
    },
  },
  entityConfig(),
);
