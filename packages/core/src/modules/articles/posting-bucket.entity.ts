import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * The matches of a topic phrase in the articles published in one three-hour UTC period (a
 * "posting bucket"), in numbered pages: what a feed refresh reads, a few items per topic
 * instead of one item per match. See `postings.ts` for how pages fill, overflow and are sealed.
 */
export const PostingBucketEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "postingBucket", version: "1", service: "graph" },
    attributes: {
      phrase: { type: "string", required: true, readOnly: true },
      /** The period of publication of every article on the page (`YYYY-MM-DDTHH`, its first hour, UTC). */
      period: { type: "string", required: true, readOnly: true },
      page: { type: "number", required: true, readOnly: true, padding: { length: 3, char: "0" } },
      /**
       * The page's matches, one line each (see `postings.ts`): what readers read, and what
       * writers check so that a match is added once.
       */
      log: { type: "list", items: { type: "string" }, required: true },
      /** Once the page is sealed: all its lines in one string, and `log` empty. */
      packed: { type: "string" },
      /** Set when the page takes no more entries (it is full); then it never changes again. */
      sealed: { type: "boolean" },
      /**
       * On page 0 of a bucket with more pages: how many (at least). Written before a page is
       * created, so a reader that finds page 0 knows every other page to ask for.
       */
      pages: { type: "number" },
      /** What the lines take, counted from above: the page's fill level. */
      bytes: { type: "number", required: true },
    },
    indexes: {
      byPhrasePeriod: {
        pk: { field: "pk", composite: ["phrase"] },
        sk: { field: "sk", composite: ["period", "page"] },
      },
    },
  },
  entityConfig(),
);
