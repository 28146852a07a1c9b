import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One item per claimed username or e-mail, written in the same transaction as the
 * user with a condition that it is free, so two sign-ups can never share either.
 * Values are stored folded (lowercase) so 'Alice' and 'alice' collide.
 *
 * A username its owner changed away from stays here, still naming its owner, until
 * `reservedUntil`: nobody else may claim it meanwhile, so links to the old name never lead to
 * a stranger. After that it is free (and the table's TTL removes it at `expiresAt`).
 */
export const UniqueEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "unique", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["username", "email"] as const, required: true, readOnly: true },
      value: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true },
      /** Epoch ms: set on a username its owner left; the claim ends then. */
      reservedUntil: { type: "number" },
      /** Epoch seconds (the table's TTL attribute): a few days after `reservedUntil`. */
      expiresAt: { type: "number" },
    },
    indexes: {
      byValue: {
        pk: { field: "pk", composite: ["kind", "value"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
