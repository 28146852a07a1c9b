import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The catalogue's subjects in one item, so a feed read or the onboarding page reads them in one
 * request: which subject each source has, how many sources each subject has, and the topics a
 * subject's recent articles matched most (written by the subject-topics job). Its source
 * attributes and its topics are written apart (each a partial update), so neither writer
 * overwrites the other's.
 */
export const SubjectsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "subjects", version: "1", service: "graph" },
    attributes: {
      /** Always "catalogue": there is one such item. */
      name: { type: "string", required: true, readOnly: true },
      /** Source id → its subject, for every source that has one (retired ones too: their articles are kept). */
      sourceSubjects: { type: "any" },
      /** Source id → its country, for every source from a national list (the feed filters' "countries left out"). */
      sourceCountries: { type: "any" },
      /** Subject → how many sources the catalogue reads for it now (retired ones left out). */
      sourceCounts: { type: "any" },
      /** When the two above were last written from the sources. */
      sourcesAt: { type: "number" },
      /** Subject → its top topics, most matched first (each `{ topic, articles }`). */
      topTopics: { type: "any" },
      /** When the topics were last counted. */
      countedAt: { type: "number" },
      /** When a count was last asked for outside the schedule (`requestTopicCount`). */
      topicsRequestedAt: { type: "number" },
    },
    indexes: {
      byName: {
        pk: { field: "pk", composite: ["name"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

export type SubjectsItem = EntityItem<typeof SubjectsEntity>;
