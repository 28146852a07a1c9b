import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A person's reading preferences, one item: whether the feed's titles open the publisher's page instead of the reader view. */
export const ReaderSettingsEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "readerSettings", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      openOnPublisher: { type: "boolean", required: true },
      updatedAt: { type: "number", required: true },
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
