import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * Claims on an article's canonical link and on its title fingerprint, written with the article
 * in one transaction; a failed claim means the article repeats one graph already has.
 */
export const ArticleClaimEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "articleClaim", version: "1", service: "graph" },
    attributes: {
      kind: { type: ["link", "fingerprint"] as const, required: true, readOnly: true },
      value: { type: "string", required: true, readOnly: true },
      articleId: { type: "string", required: true },
      /** Fingerprint claims lapse, so a recurring title ("Weekly roundup") is not a duplicate forever. */
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
