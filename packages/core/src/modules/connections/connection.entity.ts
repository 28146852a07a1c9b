import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's link to an outside account (one per provider). The tokens are sealed (AES-256-GCM
 * under the `OAuthTokenKey` secret): the table never holds them in clear. A second index lists
 * the links of a provider by status, least recently synced first, for the daily re-sync.
 */
export const ConnectionEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "accountConnection", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      provider: { type: ["spotify", "youtube"] as const, required: true, readOnly: true },
      /** Sealed. */
      accessToken: { type: "string", required: true },
      /** Sealed; absent when the provider gave none. */
      refreshToken: { type: "string" },
      /** Epoch ms when the access token stops working. */
      accessExpiresAt: { type: "number", required: true },
      /** "disconnected": the provider refused the grant (revoked there); the items stay until unlink or reconnect. */
      status: { type: ["connected", "disconnected"] as const, required: true },
      /** The account's name at the provider (for the media tab). */
      displayName: { type: "string" },
      /** Epoch ms until which one caller is refreshing the tokens (the others wait for its result). */
      refreshLeaseUntil: { type: "number" },
      /** Epoch ms of the last finished sync; 0 before the first. */
      syncedAt: { type: "number", required: true, padding: { length: 15, char: "0" } },
      connectedAt: { type: "number", required: true },
      updatedAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["provider"] },
      },
      byStatus: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["provider", "status"] },
        sk: { field: "gsi1sk", composite: ["syncedAt", "userId"] },
      },
    },
  },
  entityConfig(),
);

export type Connection = EntityItem<typeof ConnectionEntity>;
