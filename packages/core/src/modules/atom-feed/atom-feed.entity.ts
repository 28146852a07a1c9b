import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A person's private Atom feed, when turned on: its secret address's hash, and the secret sealed. */
export const AtomFeedEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "atomFeed", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /** SHA-256 of the secret (the key of its `AtomFeedTokenEntity`). */
      tokenHash: { type: "string", required: true },
      /** The secret sealed (`util/crypto.ts`), so the settings page can show the address again. */
      sealedToken: { type: "string", required: true },
      createdAt: { type: "number", required: true },
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

export type AtomFeed = EntityItem<typeof AtomFeedEntity>;
