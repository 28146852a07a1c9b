import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One profile photo: the WebP variants kept under `public/` of the Images bucket. The id sorts
 * by time (see ids in index.ts), so a person's photos read back oldest first.
 */
export const ImageEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "profileImage", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      imageId: { type: "string", required: true, readOnly: true },
      /** Key prefix of the variants (`public/<userId>/<imageId>/`); `<variant>.webp` below it. */
      prefix: { type: "string", required: true, readOnly: true },
      /** The uploaded file's name, as the person named it. */
      name: { type: "string", required: true },
      width: { type: "number", required: true },
      height: { type: "number", required: true },
      createdAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["imageId"] },
      },
    },
  },
  entityConfig(),
);

export type Image = EntityItem<typeof ImageEntity>;
