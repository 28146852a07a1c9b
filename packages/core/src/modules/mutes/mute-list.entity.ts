import { Entity } from "electrodb";
import { entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's muted words, one item: the words as typed (`words`), their matching keys
 * (`keys`, one per word, what makes two spellings the same word) and how many there are.
 * Every change is one conditional update of this item, so parallel requests can neither pass
 * the limit nor mute a word twice.
 */
export const MuteListEntity = new Entity(
  {
    model: { entity: "muteList", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      words: { type: "set", items: "string" },
      keys: { type: "set", items: "string" },
      count: { type: "number" },
      /** When the list last changed: a feed made before it is out of date. */
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
