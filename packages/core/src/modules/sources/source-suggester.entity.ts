import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person who suggested a source, once per person: created together with the increment of
 * the source's `suggesterCount`, so a person suggesting the same feed again counts once.
 */
export const SourceSuggesterEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "sourceSuggester", version: "1", service: "graph" },
    attributes: {
      sourceId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** The suggestion that counted this person. */
      suggestionId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      bySource: {
        pk: { field: "pk", composite: ["sourceId"] },
        sk: { field: "sk", composite: ["userId"] },
      },
    },
  },
  entityConfig(),
);
