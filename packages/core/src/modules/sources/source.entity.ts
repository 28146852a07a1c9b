import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

import { SOURCE_TYPES } from "./rules.ts";

/** A feed graph reads, with what it needs to fetch it politely and report its health. */
export const SourceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "source", version: "1", service: "graph" },
    attributes: {
      sourceId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      siteUrl: { type: "string", required: true },
      feedUrl: { type: "string", required: true },
      type: { type: SOURCE_TYPES, required: true },
      /**
       * Whether its articles reach everyone: catalogue sources are, a suggested source becomes so
       * when `TRUST_SUGGESTERS` people suggested it or an operator trusts it. Until then only the
       * people who suggested it see its articles.
       */
      trusted: { type: "boolean", required: true, default: false },
      /**
       * Where it came from. Only catalogue sources may live on private addresses; suggested ones
       * may not, trusted or not. Unset on sources stored before this was recorded.
       */
      origin: { type: ["catalogue", "suggested"] as const },
      /** The catalogue's subject for it (e.g. "Cricket"), shown with its articles. */
      subject: { type: "string" },
      /** The country of a national catalogue list it comes from. */
      country: { type: "string" },
      /** BCP 47 primary language (e.g. "en", "ja") its articles are written in, when known. */
      language: { type: "string" },
      /**
       * When it left the catalogue: never fetched again (its next fetch is pushed past any
       * tick), its articles kept. Unset while it is read.
       */
      retiredAt: { type: "number" },
      /** When it was paused after failing for a long time; then it is tried only weekly. */
      pausedAt: { type: "number" },
      /** Different people who suggested it (each counted once, see `SourceSuggesterEntity`). */
      suggesterCount: { type: "number", required: true, default: 0 },
      /** Constant partition of the "sources by next fetch" index. */
      catalogue: { type: "string", required: true, default: "sources", readOnly: true },
      etag: { type: "string" },
      lastModified: { type: "string" },
      health: { type: ["new", "ok", "failing", "paused"] as const, required: true, default: "new" },
      lastError: { type: "string" },
      lastFetchedAt: { type: "number" },
      lastSuccessAt: { type: "number" },
      consecutiveFailures: { type: "number", required: true, default: 0 },
      /** Seconds between fetches, adapted to how often the source publishes. */
      intervalSeconds: { type: "number", required: true, default: 3600 },
      nextFetchAt: { type: "number", required: true },
      articleCount: { type: "number", required: true, default: 0 },
      /**
       * Articles stored from this source whose matching (postings, learning) has not been done
       * yet: added in the transaction that stores them, taken off once they are matched. A
       * crash between the two leaves them here, and the source's next ingest matches them.
       */
      unindexed: { type: "set", items: "string" },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["sourceId"] },
        sk: { field: "sk", composite: [] },
      },
      dueForFetch: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["catalogue"] },
        sk: { field: "gsi1sk", composite: ["nextFetchAt", "sourceId"] },
      },
      /** Sources by health: an operator lists the paused ones without reading the others. */
      byHealth: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["health"] },
        sk: { field: "gsi2sk", composite: ["sourceId"] },
      },
    },
  },
  entityConfig(),
);

export type Source = EntityItem<typeof SourceEntity>;
