import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One person's items of one kind, as mutual interests compare them: ids, labels and holder
 * counts, gzipped JSON (a thousand items fit in a few tens of KB). `version` goes up with every
 * change to what the person holds of the kind, and the change removes `data`; a digest is stored
 * only under the version it was built from, so a build racing a change never stores stale items.
 */
export const DigestEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "interestDigest", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      kind: { type: "string", required: true, readOnly: true },
      version: { type: "number" },
      /** Gzipped JSON of the entries, a row each; absent while the digest waits to be built. */
      data: { type: "any" },
      builtAt: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["kind"] },
      },
    },
  },
  entityConfig(),
);
