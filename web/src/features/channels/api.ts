/** Calls of the Slack and Discord bot's channels: the list, a test message, unlink. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const channelsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["channels", userId] as const,
    queryFn: ({ signal }) => call(client.api.channels.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** `GET /api/channels`, as the route answers it. */
export type ChannelsState = InferResponseType<typeof client.api.channels.$get, 200>;

export const sendTestMessage = (channelId: string) =>
  call(client.api.channels[":id"].test.$post({ param: { id: channelId } }));

/** Routes some of the person's topics to a channel (org), replacing what was routed there. */
export const routeTopics = ({ channelId, topics }: { channelId: string; topics: string[] }) =>
  call(client.api.channels[":id"].$patch({ param: { id: channelId }, json: { topics } }));

/** Turns a channel's weekly team digest on or off (org), on a weekday (0 Sunday … 6 Saturday). */
export const setTeamDigest = ({ channelId, on, day }: { channelId: string; on: boolean; day: number }) =>
  call(client.api.channels[":id"]["team-digest"].$put({ param: { id: channelId }, json: { on, day } }));

export const unlinkChannel = (channelId: string) =>
  call(client.api.channels[":id"].$delete({ param: { id: channelId } }));

/** Where "add to Slack" / "add to Discord" sends the browser (a navigation: the service's consent page). */
export const addChannelHref = (kind: "slack" | "discord") => `/api/${kind}/api/login`;
