import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * An offer to link one Google account (`subject`) to one existing account (`userId`), made when
 * a Google sign-in's verified e-mail belongs to an account with a password. Stored by the
 * SHA-256 of its token and deleted with a condition when used, so it works once.
 */
export const LinkingTokenEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "googleLinkingToken", version: "1", service: "graph" },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      subject: { type: "string", required: true, readOnly: true },
      email: { type: "string", required: true, readOnly: true },
      /** Epoch seconds: the table's TTL, and checked on use. */
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
