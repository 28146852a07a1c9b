import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Per-person feed state that is not a session: a cleared refresh, the last manual refresh. */
export const FeedStateEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "feedState", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /** Set when topics or silenced sources change: the next read recomputes. */
      staleSince: { type: "number" },
      lastManualRefreshAt: { type: "number" },
      /**
       * The latest session's start: a new session is stored only on condition this is still the
       * value its refresh read, so parallel reads start one session, never one each.
       */
      sessionAt: { type: "number" },
      /** The person's choice of a denser list: cards without pictures. */
      compactCards: { type: "boolean" },
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
