import { Hono } from "hono";
import * as z from "zod";
import * as Profile from "@graph/core/modules/profile";
import * as WatchHistory from "@graph/core/modules/watch-history";
import {
  FILE_NAME_MAX,
  PUBLIC_VIDEOS_MAX,
  TAKEOUT_MAX_BYTES,
  VIDEO_BATCH_MAX,
  VIDEO_PAGE_MAX,
  WATCH_HISTORY_MESSAGES,
} from "@graph/core/modules/watch-history/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { idParam, input, jsonBody, pageQuery } from "./validate.ts";

/**
 * `/youtube/*` for the watch history: a Takeout file is uploaded straight to the bucket (the API
 * only presigns it, as photos are), the import runs on the import queue and the page polls its
 * state, then the person keeps the videos they pick. Every path names the signed-in person's own
 * uploads and videos; another person's upload id is no upload of theirs (404).
 */

const UploadUrl = z.object({
  fileName: z
    .string({ error: WATCH_HISTORY_MESSAGES.invalidFile })
    .max(FILE_NAME_MAX, WATCH_HISTORY_MESSAGES.invalidFile),
  size: z
    .number({ error: WATCH_HISTORY_MESSAGES.invalidFile })
    .int(WATCH_HISTORY_MESSAGES.invalidFile)
    .min(1, WATCH_HISTORY_MESSAGES.invalidFile)
    .max(TAKEOUT_MAX_BYTES, WATCH_HISTORY_MESSAGES.invalidFile),
});

const uploadId = z
  .string({ error: "uploadId is required" })
  .min(1, "uploadId is required")
  .max(100, "uploadId is too long");
const UploadRef = z.object({ uploadId });
const UploadParam = z.object({ uploadId });

/** A video as the page sends it back from an import (its watch counts and the like are ignored). */
const VideoData = z.object({
  id: z
    .string({ error: WATCH_HISTORY_MESSAGES.videoIdInvalid })
    .regex(/^[A-Za-z0-9_-]{11}$/, WATCH_HISTORY_MESSAGES.videoIdInvalid),
  title: z
    .string({ error: WATCH_HISTORY_MESSAGES.titleMissing })
    .trim()
    .min(1, WATCH_HISTORY_MESSAGES.titleMissing)
    .max(1000, WATCH_HISTORY_MESSAGES.titleMissing),
  /** Derived from the id: a client's address is never kept. */
  title_url: z.string().max(2000).optional(),
  channel_name: z.string({ error: "channel_name must be text" }).max(1000).nullable().optional(),
  channel_url: z.string({ error: "channel_url must be text" }).max(2000).nullable().optional(),
});
const SaveVideos = z.object({
  videoData: z
    .array(VideoData, { error: "videoData must be a list of videos" })
    .min(1, WATCH_HISTORY_MESSAGES.noVideos)
    .max(VIDEO_BATCH_MAX, WATCH_HISTORY_MESSAGES.tooManyVideos),
});
/** A page of the owner's videos. */
const VideoPage = pageQuery(VIDEO_PAGE_MAX, WATCH_HISTORY_MESSAGES.cursorInvalid);
const VideoRef = z.object({
  videoId: z.string({ error: "videoId is required" }).min(1, "videoId is required").max(100, "videoId is too long"),
});

export const watchHistory = new Hono<ApiEnv>()
  .post("/upload_url", requireSession, jsonBody(UploadUrl), async (c) =>
    c.json(await WatchHistory.presignTakeout(currentUserId(c), c.req.valid("json"))),
  )
  .post("/upload", requireSession, jsonBody(UploadRef), async (c) =>
    c.json(await WatchHistory.startImport(currentUserId(c), c.req.valid("json").uploadId)),
  )
  .get("/upload/:uploadId", requireSession, input("param", UploadParam), async (c) =>
    c.json(await WatchHistory.importState(currentUserId(c), c.req.valid("param").uploadId)),
  )
  .post("/to_db/videos", requireSession, jsonBody(SaveVideos), async (c) =>
    c.json(
      await WatchHistory.saveVideos(
        currentUserId(c),
        c.req.valid("json").videoData.map((v) => ({
          id: v.id,
          title: v.title,
          channelName: v.channel_name ?? "",
          channelUrl: v.channel_url ?? "",
        })),
      ),
    ),
  )
  .get("/videos", requireSession, input("query", VideoPage), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await WatchHistory.videoShelf(currentUserId(c), cursor ?? null, limit));
  })
  .delete("/video", requireSession, jsonBody(VideoRef), async (c) => {
    await WatchHistory.deleteVideo(currentUserId(c), c.req.valid("json").videoId);
    return c.json({ ok: true as const });
  })
  .get("/from_db/videos/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "youtubeVideos", viewerOf(c), (owner) =>
        WatchHistory.listVideos(owner, PUBLIC_VIDEOS_MAX),
      ),
    ),
  );
