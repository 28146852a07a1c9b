import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One topic phrase in one calendar month (UTC, `YYYY-MM`, by the articles' publication): how
 * many stored articles it matched, and its strongest associations — the phrases that matched
 * the same articles, at most `ASSOCIATION_LIMITS.partnersPerPhrase` of them, ranked by
 * association score (see `suggest-score.ts`), each with the exact pair count and the partner's
 * own article count as last seen. A suggestion reads this one small item (a few KB) per seed
 * phrase and month, never the articles.
 *
 * `articles` is added to in the transaction that counts an article (see `associations.ts`);
 * `partners` is rewritten whole after it, guarded by `version`, so writers racing on a busy
 * phrase each see the other's entries.
 */
export const PhraseMonthEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "phraseMonth", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      month: { type: "string", required: true, readOnly: true },
      articles: { type: "number", required: true, default: 0 },
      /** Partner phrase → [articles matched by both, articles matched by the partner]. */
      partners: { type: "any" },
      /** Bumped by every rewrite of `partners`; absent before the first. */
      version: { type: "number" },
      /** Epoch seconds: gone once no suggestion reads its month any more. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byPhraseMonth: {
        pk: { field: "pk", composite: ["phrase", "month"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
