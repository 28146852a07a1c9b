/**
 * Calls of the YouTube lists: the person's channels (from the linked account or a Takeout
 * `subscriptions.csv`) and videos (picked from a Takeout watch history), deleting them, and the
 * watch history's import (a presigned upload, then its state read until it is processed).
 */
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import type { ListPage } from "../../lib/paged-list.ts";

const youtube = client.api.youtube;

export type Channel = InferResponseType<typeof youtube.channels.$get, 200>["items"][number];
export type Video = InferResponseType<typeof youtube.videos.$get, 200>["items"][number];
export type ChannelRow = InferRequestType<typeof youtube.channels.import.$post>["json"]["channels"][number];
/** A watch history import as the server tells it: waiting, processing (bytes and entries read), done or failed. */
export type WatchImport = InferResponseType<(typeof youtube.upload)[":uploadId"]["$get"], 200>;
export type SavedVideo = InferRequestType<typeof youtube.to_db.videos.$post>["json"]["videoData"][number];

/** Channels or videos a page of the person's own list asks for. */
export const LIST_PAGE = 20;

/** The person's own channels, newest first, a page at a time (the cursor is the page param), with their count. */
export const channelsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["youtube", userId, "channels"] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<Channel>> => {
      const query = { limit: String(LIST_PAGE), ...(pageParam ? { cursor: pageParam } : {}) };
      const page = await call(youtube.channels.$get({ query }, { init: { signal } }));
      return { items: page.items, cursor: page.cursor, count: page.total };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: userId !== "",
  });

/** The person's own videos, newest first, a page at a time, with their count. */
export const videosQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["youtube", userId, "videos"] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<Video>> => {
      const query = { limit: String(LIST_PAGE), ...(pageParam ? { cursor: pageParam } : {}) };
      const page = await call(youtube.videos.$get({ query }, { init: { signal } }));
      return { items: page.items, cursor: page.cursor, count: page.total };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
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
