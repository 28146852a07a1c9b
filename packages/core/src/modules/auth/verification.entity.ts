import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** The one live e-mail verification code of an account; a new code replaces the old. */
export const VerificationEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "verification", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      codeHash: { type: "string", required: true },
      wrongTries: { type: "number", required: true, default: 0 },
      expiresAt: { type: "number", required: true },
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
