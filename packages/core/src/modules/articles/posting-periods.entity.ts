import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The periods a topic phrase has posting buckets in, with how many pages each has: a refresh
 * reads these for all of a person's topics in one request, then asks for exactly the pages
 * it needs. Written before the page it counts, so it never counts fewer pages than exist.
 * It grows by one short entry (about 18 bytes) per period with matches: at most eight a day,
 * about 53 KB a year, so a phrase matched in every period stays within DynamoDB's 400 KB item
 * limit for seven years. (Before graph is that old, split it by year: see docs/feed.md.)
 */
export const PostingPeriodsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "postingPeriods", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      /** Period (`YYYY-MM-DDTHH`, see `postings.ts`) → number of pages of its bucket. */
      periods: { type: "any", required: true },
    },
    indexes: {
      byPhrase: {
        pk: { field: "pk", composite: ["phrase"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
