import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's feed filters, one item (so whoever shows them articles reads every filter in one
 * get): the muted words as typed (`words`), their matching keys (`keys`, one per word, what
 * makes two spellings the same word) and how many there are; and the advanced filters beside
 * them, each list with its own keys and count. Every change is one conditional update of this
 * item, so parallel requests can neither pass a limit nor add anything twice.
 */
export const MuteListEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "muteList", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      words: { type: "set", items: "string" },
      keys: { type: "set", items: "string" },
      count: { type: "number" },
      /** Words muted within one topic: "topic␟word" as typed, their keys "topicKey␟wordKey", how many. */
      topicWords: { type: "set", items: "string" },
      topicKeys: { type: "set", items: "string" },
      topicCount: { type: "number" },
      /** The kinds of source shown (`FEED_KINDS`); unset: every kind. */
      kinds: { type: "set", items: "string" },
      /** The languages shown; none: every language. */
      languages: { type: "set", items: "string" },
      languageCount: { type: "number" },
      /** Countries and subjects of sources left out, as the catalogue spells them, with their keys and counts. */
      countries: { type: "set", items: "string" },
      countryKeys: { type: "set", items: "string" },
      countryCount: { type: "number" },
      subjects: { type: "set", items: "string" },
      subjectKeys: { type: "set", items: "string" },
      subjectCount: { type: "number" },
      /** When any filter last changed: a feed made before it is out of date. */
      changedAt: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

export type MuteList = EntityItem<typeof MuteListEntity>;
