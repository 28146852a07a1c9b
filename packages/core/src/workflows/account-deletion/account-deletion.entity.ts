import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * An account deletion under way: written in the transaction that marks the account deleted and
 * removed in the transaction that deletes the account's last item, so while it exists the
 * deletion is unfinished. It keeps what the sweep needs once the account can no longer be read
 * (names to free, sign-up day) and which steps are done, so a redelivered message resumes.
 * Listed oldest first in one partition, where the schedule finds deletions whose message was lost.
 */
export const AccountDeletionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "accountDeletion", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      username: { type: "string", required: true, readOnly: true },
      email: { type: "string", required: true, readOnly: true },
      /** When the account was created (its unverified marker is filed under that day). */
      accountCreatedAt: { type: "number", required: true, readOnly: true },
      requestedAt: { type: "number", required: true, readOnly: true },
      /** Names of the steps finished so far. */
      done: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      /** When the sweep was last queued (the schedule queues it again when this is long past). */
      queuedAt: { type: "number", required: true },
      /** Constant partition of the "unfinished deletions" listing. */
      listing: { type: "string", required: true, default: "deletions", readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
      unfinished: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["listing"] },
        sk: { field: "gsi1sk", composite: ["requestedAt", "userId"] },
      },
    },
  },
  entityConfig(),
);
