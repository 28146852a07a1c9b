import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A connect under way: whose it is, where it goes afterwards and the PKCE verifier, kept here
 * rather than in the browser. Keyed by the SHA-256 of the `state`, deleted with a condition when
 * the provider sends the person back, so each one (and its verifier) is used at most once.
 */
export const PendingAuthorizationEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "pendingAuthorization", version: "1", service: "graph" },
    attributes: {
      stateHash: { type: "string", required: true, readOnly: true },
      /** Whose consent page it is: an account link's provider, or a channel's service ("slack", "discord"). */
      provider: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      codeVerifier: { type: "string", required: true, readOnly: true },
      /** A path of this site (checked when the connect started). */
      redirect: { type: "string", required: true, readOnly: true },
      /** Epoch seconds: the table's TTL, and checked on use (the TTL deletes lazily). */
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byState: {
        pk: { field: "pk", composite: ["stateHash"] },
        sk: { field: "sk", composite: [] },
      },
      /** A deleted account's connects under way, to remove with it. */
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["stateHash"] },
      },
    },
  },
  entityConfig(),
);
