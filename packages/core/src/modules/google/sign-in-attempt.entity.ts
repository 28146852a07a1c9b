import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A Google sign-in under way: what the browser was sent to Google with, kept here rather than
 * in the browser. Keyed by the SHA-256 of the `state`, deleted with a condition when Google sends
 * the person back, so each attempt (and its PKCE verifier and nonce) is used at most once.
 */
export const SignInAttemptEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "googleSignInAttempt", version: "1", service: "graph" },
    attributes: {
      stateHash: { type: "string", required: true, readOnly: true },
      codeVerifier: { type: "string", required: true, readOnly: true },
      nonce: { type: "string", required: true, readOnly: true },
      /** Epoch seconds: the table's TTL, and checked on use (the TTL deletes lazily). */
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byState: {
        pk: { field: "pk", composite: ["stateHash"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
