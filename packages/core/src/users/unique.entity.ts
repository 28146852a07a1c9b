import { Entity } from "electrodb";
import { entityConfig } from "../db.ts";

/**
 * One item per claimed username or e-mail, written in the same transaction as the
 * user with `attribute_not_exists`, so two sign-ups can never share either.
 * Values are stored folded (lowercase) so 'Alice' and 'alice' collide.
 */
export const UniqueEntity = new Entity(
  {
    model: { entity: "unique", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["username", "email"] as const, required: true, readOnly: true },
      value: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true },
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
