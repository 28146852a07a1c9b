import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A person's connected Slack or Discord channel. The webhook's address and the grant's token are
 * sealed (AES-256-GCM under the `OAuthTokenKey` secret): anyone holding a webhook can post into
 * the channel, so the table never holds one in clear. A second index finds the channels linked
 * in a workspace or server, for its slash commands.
 */
export const ChannelEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "channel", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      /** graph's id of the channel. */
      channelId: { type: "string", required: true, readOnly: true },
      kind: { type: ["slack", "discord"] as const, required: true, readOnly: true },
      /** The channel's name as the service gives it. */
      name: { type: "string", required: true },
      /** The team's or guild's name and id. */
      workspace: { type: "string", required: true },
      workspaceId: { type: "string", required: true, readOnly: true },
      /** The service's own id of the channel, when it gave one (commands name it). */
      serviceChannelId: { type: "string" },
      /** Sealed. */
      webhook: { type: "string", required: true },
      /** Sealed; absent when the service gave none. */
      token: { type: "string" },
      status: { type: ["ok", "broken"] as const, required: true },
      /** The ids of the owner's topics whose new articles go to this channel as they arrive (org). */
      topics: { type: "list", items: { type: "string" } },
      /**
       * The routing cursor (epoch ms): articles ingested up to it were considered for this
       * channel. Moves forward only; set when topics are first routed, so no backlog is posted.
       */
      routedUntil: { type: "number" },
      /** Whether the team digest is posted here weekly (org), and on which weekday (0 Sunday … 6; Monday unset). */
      teamDigest: { type: "boolean" },
      teamDigestDay: { type: "number" },
      createdAt: { type: "number", required: true, readOnly: true },
      lastSentAt: { type: "number" },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["channelId"] },
      },
      byWorkspace: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["kind", "workspaceId"] },
        sk: { field: "gsi1sk", composite: ["userId", "channelId"] },
      },
    },
  },
  entityConfig(),
);

export type Channel = EntityItem<typeof ChannelEntity>;

/**
 * One per person with channels: how many they have (the plan's cap is held by a condition on
 * it, in the transaction that adds a channel) and when their picks go out next.
 */
export const ChannelOwnerEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "channelOwner", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      count: { type: "number" },
      /** Epoch ms of the next delivery (the person's digest time); absent without channels. */
      nextSendAt: { type: "number" },
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

/** The people whose picks go out in a quarter-hour slot (as the digest's schedule keeps its own). */
export const ChannelScheduleEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "channelSchedule", version: "1", service: "graph" },
    attributes: {
      slot: { type: "number", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      sendAt: { type: "number", required: true },
    },
    indexes: {
      bySlot: {
        pk: { field: "pk", composite: ["slot"] },
        sk: { field: "sk", composite: ["userId"] },
      },
    },
  },
  entityConfig(),
);

/**
 * A delivery to one channel, created on condition there is none before anything is posted: a
 * retried or doubled job finds it and posts nothing again. Expires after two weeks.
 */
export const ChannelSendEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "channelSend", version: "1", service: "graph" },
    attributes: {
      channelId: { type: "string", required: true, readOnly: true },
      /** The person's local day of the send. */
      sendKey: { type: "string", required: true, readOnly: true },
      /** When the send was claimed (epoch ms); once `posted`, when it went out. */
      sentAt: { type: "number", required: true },
      /**
       * Whether the post went out. A claim that is not posted after SEND_LEASE_MS belonged to a
       * worker that stopped midway: the next try takes it over, so no day's post is lost.
       */
      posted: { type: "boolean" },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byChannel: {
        pk: { field: "pk", composite: ["channelId"] },
        sk: { field: "sk", composite: ["sendKey"] },
      },
    },
  },
  entityConfig(),
);

/**
 * One per channel with routed topics, in one partition: the channels a routing run (after each
 * ingest) looks at, read with one query instead of a scan of every channel.
 */
export const ChannelRouteEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "channelRoute", version: "1", service: "graph" },
    attributes: {
      channelId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
    },
    indexes: {
      byChannel: {
        pk: { field: "pk", composite: [] },
        sk: { field: "sk", composite: ["channelId"] },
      },
    },
  },
  entityConfig(),
);

/** A signed request seen (its signature's hash), kept past the signature's five minutes: each is accepted once. */
export const CommandNonceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "commandNonce", version: "1", service: "graph" },
    attributes: {
      nonce: { type: "string", required: true, readOnly: true },
      expiresAt: { type: "number", required: true, readOnly: true },
    },
    indexes: {
      byNonce: {
        pk: { field: "pk", composite: ["nonce"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
