import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

import { PLANS } from "../../lib/plans/index.ts";

export const UserEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "user", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      username: { type: "string", required: true },
      email: { type: "string", required: true },
      passwordHash: { type: "string", required: true },
      isVerified: { type: "boolean", required: true, default: false },
      plan: { type: PLANS, required: true, default: "free" },
      /** When the billing state that set `plan` was read (ms): an older reading never overwrites a newer one. */
      planAt: { type: "number" },
      hasOnboarded: { type: "boolean", required: true, default: false },
      createdAt: { type: "number", required: true, readOnly: true },
      /** When the person asked for the account to be deleted: from then on it cannot sign in or be used. */
      deletedAt: { type: "number" },
      /** Usernames the person changed away from (lowercase), kept reserved for them for a while: freed with the account. */
      formerUsernames: { type: "set", items: "string" },
      /**
       * The message of a person whose plan lacks the chat bot that the bot answered with what it
       * is: it answers such a person once, and that message's resend again, and nothing more.
       */
      botIntroducedFor: { type: "string" },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

export type User = EntityItem<typeof UserEntity>;
