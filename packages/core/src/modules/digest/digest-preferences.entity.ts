import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's daily e-mail digest preferences, one item: absent fields take the defaults in
 * `rules.ts`, so a partial save writes only what it was given.
 */
export const DigestPreferencesEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "digestPreferences", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      wantsEmailDigest: { type: "boolean" },
      /** `HH:MM:SS` on the 15-minute grid, in `timezone`. */
      localTime: { type: "string" },
      /** One of the offered IANA zones. */
      timezone: { type: "string" },
      /** The advanced digest's days (`DIGEST_DAYS` names); absent: every day. */
      days: { type: "list", items: { type: "string" } },
      /** The advanced digest's second and third times (`HH:MM:SS`), after `localTime`; absent: none. */
      moreTimes: { type: "list", items: { type: "string" } },
      /** The advanced digest's sections; absent: the defaults. Kept on any plan, used on one with advanced digests. */
      sections: {
        type: "map",
        properties: {
          supertags: { type: "boolean" },
          followingFeed: { type: "boolean" },
          followingLikes: { type: "boolean" },
        },
      },
      updatedAt: { type: "number", required: true },
      /** The next wake (epoch ms) while the digest is on; its slot holds a schedule item. */
      nextSendAt: { type: "number" },
      /** The last digest sent: the next one holds articles published after it. */
      lastSentAt: { type: "number" },
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
