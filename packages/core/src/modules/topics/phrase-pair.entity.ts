import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * How many stored articles of a month matched both phrases of a pair (`first` < `second`): the
 * exact count the partners lists of `PhraseMonthEntity` are ranked from. Added to only in the
 * transaction that counts an article, once per article.
 */
export const PhrasePairEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "phrasePair", version: "1", service: "graph" },
    attributes: {
      month: { type: "string", required: true, readOnly: true },
      first: { type: "string", required: true, readOnly: true },
      second: { type: "string", required: true, readOnly: true },
      count: { type: "number", required: true, default: 0 },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byPair: {
        pk: { field: "pk", composite: ["month", "first", "second"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
