import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** A website a person lists on their profile; ids sort by creation time like thoughts'. */
export const WebsiteEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "website", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      websiteId: { type: "string", required: true, readOnly: true },
      url: { type: "string", required: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["websiteId"] },
      },
    },
  },
  entityConfig(),
);
