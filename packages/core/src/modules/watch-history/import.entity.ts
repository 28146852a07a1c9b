import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One Takeout file a person uploaded and its import: made when the upload is presigned
 * (`waiting`), queued when the person starts it, then `processing` (with the bytes and entries
 * read so far) and `done` with its summary — the latest videos, the most watched, the most watched
 * channels, gzipped JSON within `SUMMARY_MAX_BYTES` — or `failed` with a message for the person.
 * Keyed by the person, so nobody reaches another's upload. Expires a week after it was made.
 */
export const ImportEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "watchHistoryImport", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      uploadId: { type: "string", required: true, readOnly: true },
      status: { type: ["waiting", "processing", "done", "failed"] as const, required: true },
      fileName: { type: "string", required: true },
      /** What the browser said the file's length was, then the stored file's. */
      bytesTotal: { type: "number", required: true },
      bytesRead: { type: "number", required: true },
      entries: { type: "number", required: true },
      message: { type: "string" },
      /** Gzipped JSON of the summary (`StoredSummary`), once done. */
      summary: { type: "any" },
      /** When the person started it (the job is queued once). */
      queuedAt: { type: "number" },
      createdAt: { type: "number", required: true, readOnly: true },
      updatedAt: { type: "number", required: true },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["uploadId"] },
      },
    },
  },
  entityConfig(),
);

export type ImportItem = EntityItem<typeof ImportEntity>;
