import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";
import { PICTURE_ATTRIBUTE } from "../pictures/rules.ts";
import { SOURCE_TYPES } from "../sources/rules.ts";

/** A picked article as a session keeps it (see picks.ts for the shape the feed reads). */
const pick = {
  type: "map",
  properties: {
    id: { type: "string", required: true },
    title: { type: "string", required: true },
    link: { type: "string", required: true },
    // Written always; not required only because sessions stored before picks were camelCase
    // carry the three below instead (read through `sessionOf`, never written).
    sourceName: { type: "string" },
    sourceId: { type: "string" },
    sourceType: { type: SOURCE_TYPES },
    source_name: { type: "string" },
    source_id: { type: "string" },
    source_type: { type: SOURCE_TYPES },
    publishedAt: { type: "number", required: true },
    bestMatchingKeywords: { type: "list", items: { type: "string" }, required: true },
    /** Of those topics, the ones matched through related terms (not by name), with the terms. */
    via: {
      type: "list",
      items: {
        type: "map",
        properties: {
          topic: { type: "string", required: true },
          terms: { type: "list", items: { type: "string" }, required: true },
        },
      },
    },
    group: { type: "string", required: true },
    /** BCP 47 primary language of the article, when known (the card's `lang`). */
    language: { type: "string" },
    /** The card's excerpt and reading time, as the article had them when picked. */
    excerpt: { type: "string" },
    readingMinutes: { type: "number" },
    /** Its picture when it had one when picked (a current session's card reads it afresh with its coverage). */
    picture: PICTURE_ATTRIBUTE,
  },
} as const;

/**
 * One feed refresh (a session): started by the schedule or the manual button, then filled in
 * place by edits, reloads and new matches until the next one.
 */
export const FeedSessionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "feedSession", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true },
      kind: { type: ["auto", "manual"] as const, required: true, readOnly: true },
      groupOrder: { type: "list", items: { type: "string" }, required: true },
      picks: { type: "list", items: pick, required: true },
      /** When the schedule's next refresh is due (a fill never moves it). */
      nextRefreshAt: { type: "number", required: true },
      /**
       * When edits, reloads or new matches last re-ranked and filled this session (absent until
       * the first fill); `version` counts those fills, so parallel fills cannot overwrite each other.
       */
      filledAt: { type: "number" },
      version: { type: "number" },
      /** Made while new topics were still being matched: shown, but it uses up no refresh. */
      provisional: { type: "boolean" },
      /** Nothing new was found: the picks are the previous session's. */
      caughtUp: { type: "boolean" },
      expiresAt: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
);

export type FeedSession = EntityItem<typeof FeedSessionEntity>;
