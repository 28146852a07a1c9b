import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { PICTURE_ATTRIBUTE } from "../pictures/rules.ts";
import { SOURCE_TYPES } from "../sources/rules.ts";

/** One ingested article. Duplicates are kept, linked to the article they repeat, and never shown. */
export const ArticleEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "article", version: "1", service: "graph" },
    attributes: {
      articleId: { type: "string", required: true, readOnly: true },
      sourceId: { type: "string", required: true, readOnly: true },
      sourceName: { type: "string", required: true },
      sourceType: { type: SOURCE_TYPES, required: true },
      title: { type: "string", required: true },
      link: { type: "string", required: true },
      guid: { type: "string", required: true },
      summary: { type: "string", required: true, default: "" },
      publishedAt: { type: "number", required: true },
      ingestedAt: { type: "number", required: true, readOnly: true },
      /** UTC day of publication: the partition backfills and search segments walk. */
      day: { type: "string", required: true },
      fingerprint: { type: "string", required: true },
      duplicateOf: { type: "string" },
      /**
       * Whether the link is on the site of the article's source (same registrable domain): such
       * a copy is the original over copies from other sources. Unset on articles stored before
       * this was recorded, which keep their place.
       */
      onSourceSite: { type: "boolean" },
      /** BCP 47 primary language of its text (e.g. "en", "ar", "ja"), when known. */
      language: { type: "string" },
      /** What its card shows of the summary (at most 280 characters, boilerplate dropped). */
      excerpt: { type: "string" },
      /** Minutes its text takes to read, when the feed carried enough of it to tell. */
      readingMinutes: { type: "number" },
      /**
       * Its picture as graph keeps it (content address and size of the 640 px WebP), set by the
       * ingest's picture step after the article is stored; absent while there is none.
       */
      picture: PICTURE_ATTRIBUTE,
      /**
       * On an original: its copies from other sources (one per source, first copy kept, at most
       * `MAX_COVERED_BY`), so a card names them without a query. Kept by `storeArticle`.
       */
      coveredBy: {
        type: "list",
        items: {
          type: "map",
          properties: {
            articleId: { type: "string", required: true },
            sourceId: { type: "string", required: true },
            sourceName: { type: "string", required: true },
            link: { type: "string", required: true },
          },
        },
      },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["articleId"] },
        sk: { field: "sk", composite: [] },
      },
      byDay: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["day"] },
        sk: { field: "gsi1sk", composite: ["publishedAt", "articleId"] },
      },
      bySource: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["sourceId"] },
        sk: { field: "gsi2sk", composite: ["publishedAt", "articleId"] },
      },
    },
  },
  entityConfig(),
);

export type Article = EntityItem<typeof ArticleEntity>;
