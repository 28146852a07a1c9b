/**
 * Calls of the YouTube lists: the person's channels (from the linked account or a Takeout
 * `subscriptions.csv`) and videos (picked from a Takeout watch history), deleting them, and the
 * watch history's import (a presigned upload, then its state read until it is processed).
 */
import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

const youtube = client.api.youtube;

export type Channel = InferResponseType<(typeof youtube.top_channels_db)[":id"]["$get"], 200>[number];
export type Video = InferResponseType<(typeof youtube.from_db.videos)[":id"]["$get"], 200>[number];
export type ChannelRow = InferRequestType<typeof youtube.channels.import.$post>["json"]["channels"][number];
/** A watch history import as the server tells it: waiting, processing (bytes and entries read), done or failed. */
export type WatchImport = InferResponseType<(typeof youtube.upload)[":uploadId"]["$get"], 200>;
export type ProcessedVideo = WatchImport["processedVideos"]["videos"][number];
export type SavedVideo = InferRequestType<typeof youtube.to_db.videos.$post>["json"]["videoData"][number];

export const channelsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["youtube", userId, "channels"] as const,
    queryFn: ({ signal }) => call(youtube.top_channels_db[":id"].$get({ param: { id: userId } }, { init: { signal } })),
    enabled: userId !== "",
  });

export const videosQuery = (userId: string) =>
  queryOptions({
    queryKey: ["youtube", userId, "videos"] as const,
    queryFn: ({ signal }) => call(youtube.from_db.videos[":id"].$get({ param: { id: userId } }, { init: { signal } })),
    enabled: userId !== "",
  });

export const importChannels = (channels: ChannelRow[]) => call(youtube.channels.import.$post({ json: { channels } }));
export const deleteChannel = (channelId: string) => call(youtube.channel.$delete({ json: { channelId } }));
export const deleteVideo = (videoId: string) => call(youtube.video.$delete({ json: { videoId } }));

export const uploadTicket = (fileName: string, size: number) =>
  call(youtube.upload_url.$post({ json: { fileName, size } }));
export const startImport = (uploadId: string) => call(youtube.upload.$post({ json: { uploadId } }));
export const readImport = (uploadId: string, signal?: AbortSignal) =>
  call(youtube.upload[":uploadId"].$get({ param: { uploadId } }, { init: { signal } }));
export const saveVideos = (videoData: SavedVideo[]) => call(youtube.to_db.videos.$post({ json: { videoData } }));
