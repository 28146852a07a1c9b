import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/** Verified people by username, for finding each other. */
export const DirectoryEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "directory", version: "1", service: "graph" },
    attributes: {
      /** Constant partition: usernames sorted, so prefixes are a range. */
      directory: { type: "string", required: true, default: "people", readOnly: true },
      usernameLower: { type: "string", required: true, readOnly: true },
      username: { type: "string", required: true },
      userId: { type: "string", required: true, readOnly: true },
      imageUrl: { type: "string" },
    },
    indexes: {
      byUsername: {
        pk: { field: "pk", composite: ["directory"] },
        sk: { field: "sk", composite: ["usernameLower"] },
      },
    },
  },
  entityConfig(),
);
