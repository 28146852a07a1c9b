import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A digest sent (or found empty) for one of a person's times on a local day: created on
 * condition it does not exist, in the transaction that moves them to their next time, so each
 * time of a local day gets one digest however runs overlap or messages are redelivered. Kept a
 * fortnight (DynamoDB TTL).
 */
export const DigestSendEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "digestSend", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /**
       * `YYYY-MM-DD` in the person's zone when it was sent: the day's first digest (the standard
       * digest's, as every send was before there were more times). The second and third times
       * of an advanced digest add `#2` and `#3`.
       */
      localDay: { type: "string", required: true, readOnly: true },
      sentAt: { type: "number", required: true },
      articles: { type: "number", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["localDay"] },
      },
    },
  },
  entityConfig(),
);
