import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A thought (a short post on the profile). Its id starts with its creation time, so the
 * person's thoughts sort newest first by key and the public page reads only the newest.
 */
export const ThoughtEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "thought", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      thoughtId: { type: "string", required: true, readOnly: true },
      title: { type: "string", required: true },
      content: { type: "string", required: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["thoughtId"] },
      },
    },
  },
  entityConfig(),
);

export type Thought = EntityItem<typeof ThoughtEntity>;
