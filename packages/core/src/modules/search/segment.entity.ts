import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One day's search segment: which build of the day's index is live in the blob store
 * (`search/segments/<day>/<version>.json.gz`) and whether the day has articles it lacks.
 * All segments share one partition, so the whole list is one query.
 */
export const SearchSegmentEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "searchSegment", version: "1", service: "graph" },
    attributes: {
      /** UTC day `YYYY-MM-DD`, the same partition as `ArticleEntity`'s `byDay`. */
      day: { type: "string", required: true, readOnly: true },
      /** The live build; 0 before the first. Grows with every build and names its blob. */
      version: { type: "number", required: true, default: 0 },
      /** Articles in the live build (0: no blob). */
      docs: { type: "number", required: true, default: 0 },
      /** Size of the live blob (gzipped). */
      bytes: { type: "number", required: true, default: 0 },
      builtAt: { type: "number", required: true, default: 0 },
      /** Set by the first mark after a build: the day has articles the live build lacks. */
      dirtySince: { type: "number" },
      /** The latest mark: a build clears the marks only when none came after it read the day. */
      markedAt: { type: "number" },
      /** A build in progress holds the day until then, so concurrent builders don't repeat it. */
      leaseUntil: { type: "number" },
    },
    indexes: {
      byDay: {
        pk: { field: "pk", composite: [] },
        sk: { field: "sk", composite: ["day"] },
      },
    },
  },
  entityConfig(),
);

export type SearchSegment = EntityItem<typeof SearchSegmentEntity>;
