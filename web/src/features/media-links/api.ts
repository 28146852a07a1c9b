/** Calls of the media links: whether Spotify and YouTube are linked, and unlinking them. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export type SpotifyStatus = InferResponseType<typeof client.api.spotify.api.status.$get, 200>;
export type YoutubeStatus = InferResponseType<typeof client.api.youtube.api.status.$get, 200>;

export const spotifyStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: ["media-links", userId, "spotify"] as const,
    queryFn: ({ signal }) => call(client.api.spotify.api.status.$get({}, { init: { signal } })),
    enabled: userId !== "",
  });

export const youtubeStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: ["media-links", userId, "youtube"] as const,
    queryFn: ({ signal }) => call(client.api.youtube.api.status.$get({}, { init: { signal } })),
    enabled: userId !== "",
  });

export const logoutSpotify = () => call(client.api.spotify.api.logout.$post());
export const logoutYoutube = (userId: string) => call(client.api.youtube.api.logout.$post({ json: { userId } }));
