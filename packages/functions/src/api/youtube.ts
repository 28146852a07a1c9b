import { Hono } from "hono";
import * as z from "zod";
import { PUBLIC_LIST_MAX, withParam } from "@graph/core/modules/connections";
import { forbidden } from "@graph/core/lib/errors";
import * as Profile from "@graph/core/modules/profile";
import * as YouTube from "@graph/core/modules/youtube";
import { connectRoutes, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { id, idParam, input, jsonBody, pageQuery } from "./validate.ts";

const STATE = stateCookie("graph_youtube_state", "/api/youtube/api");
const failed = (redirect: string) => withParam(redirect, "error", "1");

const Logout = z.object({ userId: id("userId") });
const ChannelImport = z.object({
  channels: z
    .array(z.unknown(), { error: "channels must be a list of rows" })
    .min(1, YouTube.YOUTUBE_MESSAGES.importEmpty)
    .max(YouTube.CHANNEL_IMPORT_MAX, YouTube.YOUTUBE_MESSAGES.importTooMany),
});
/** A page of the owner's channels. */
const ChannelPage = pageQuery(YouTube.CHANNEL_PAGE_MAX, YouTube.YOUTUBE_MESSAGES.cursorInvalid);
const ChannelRef = z.object({
  channelId: z
    .string({ error: "channelId is required" })
    .trim()
    .regex(YouTube.YOUTUBE_CHANNEL_ID, YouTube.YOUTUBE_MESSAGES.channelIdInvalid),
});

/**
 * `/youtube/*` (the link and channels; the watch history's routes are mounted here too):
 * linking a YouTube account in a popup, its status and unlink, Takeout channel imports and
 * deletes, the owner's channels a page at a time, and the profile's channels.
 */
export const youtube = new Hono<ApiEnv>()
  .route(
    "/",
    connectRoutes(STATE, {
      ...YouTube,
      defaultRedirect: YouTube.YOUTUBE_DEFAULT_REDIRECT,
      connected: (redirect) => redirect,
      failed,
    }),
  )
  .post("/api/logout", requireSession, jsonBody(Logout), async (c) => {
    const userId = currentUserId(c);
    if (c.req.valid("json").userId !== userId) throw forbidden(YouTube.YOUTUBE_MESSAGES.notYours);
    await YouTube.unlink(userId);
    return c.json({ message: YouTube.YOUTUBE_MESSAGES.loggedOut });
  })
  .get("/api/status", requireSession, async (c) => c.json(await YouTube.status(currentUserId(c))))
  .get("/top_channels_db/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "youtubeChannels", viewerOf(c), (owner) =>
        YouTube.listChannels(owner, PUBLIC_LIST_MAX),
      ),
    ),
  )
  .get("/channels", requireSession, input("query", ChannelPage), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await YouTube.channelShelf(currentUserId(c), cursor ?? null, limit));
  })
  .post("/channels/import", requireSession, jsonBody(ChannelImport), async (c) =>
    c.json(await YouTube.importTakeoutChannels(currentUserId(c), c.req.valid("json").channels)),
  )
  .delete("/channel", requireSession, jsonBody(ChannelRef), async (c) => {
    await YouTube.removeChannel(currentUserId(c), c.req.valid("json").channelId);
    return c.json({ ok: true as const });
  });
