import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A book on a person's shelf. Keyed by the person and the book's id, so a second add of the same
 * book finds the first; a second index lists the shelf newest shelved first.
 */
export const BookEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "book", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      bookId: { type: "string", required: true, readOnly: true },
      title: { type: "string", required: true },
      authors: { type: "list", items: { type: "string" }, required: true },
      isbn: { type: "list", items: { type: "string" }, required: true },
      publicationDate: { type: "string" },
      /** A path under the cover service (`/b/id/123-M.jpg`), never an address a client sent. */
      coverRef: { type: "string" },
      rating: { type: "number" },
      notes: { type: "string", required: true },
      subjects: { type: "list", items: { type: "string" }, required: true },
      goodreadsId: { type: "string" },
      /** When it was read (imports) or added; padded so older dates still sort as numbers. */
      shelvedAt: { type: "number", required: true, padding: { length: 15, char: "0" } },
      addedAt: { type: "number", required: true, readOnly: true },
      updatedAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["bookId"] },
      },
      byShelvedAt: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["shelvedAt", "bookId"] },
      },
    },
  },
  entityConfig(),
);

export type Book = EntityItem<typeof BookEntity>;
