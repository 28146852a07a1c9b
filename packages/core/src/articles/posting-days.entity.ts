import { Entity } from "electrodb";
import { entityConfig } from "../db.ts";

/**
 * The days a topic phrase has posting buckets on, with how many pages each has: a refresh
 * reads these for all of a person's topics in one request, then asks for exactly the pages
 * it needs. Written before the page it counts, so it never counts fewer pages than exist.
 * It grows by one short entry per day with matches (about 7 KB a year).
 */
export const PostingDaysEntity = new Entity(
  {
    model: { entity: "postingDays", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      /** UTC day (`YYYY-MM-DD`) → number of pages of that day's bucket. */
      days: { type: "any", required: true },
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
