import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A Google account (its stable subject id, never its e-mail) signing in to a graph account.
 * Written together with `GoogleAccountEntity` under conditions that neither exists, so one
 * Google account leads to one graph account and a graph account has at most one Google account.
 */
export const GoogleLinkEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "googleLink", version: "1", service: "graph" },
    attributes: {
      subject: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** The Google e-mail when linked (for the record; sign-in never matches on it). */
      email: { type: "string", required: true },
      linkedAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      bySubject: {
        pk: { field: "pk", composite: ["subject"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
