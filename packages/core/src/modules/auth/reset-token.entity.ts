import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A password-reset link, stored by the SHA-256 of its token and deleted when used. */
export const ResetTokenEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "resetToken", version: "1", service: "graph" },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byToken: {
        pk: { field: "pk", composite: ["tokenHash"] },
        sk: { field: "sk", composite: [] },
      },
      /** Found by their account when it is deleted. */
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["expiresAt"] },
      },
    },
  },
  entityConfig(),
);
