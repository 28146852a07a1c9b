import { Hono } from "hono";
import { Resource } from "sst";
import * as z from "zod";
import * as Feed from "@graph/core/modules/feed";
import * as Reader from "@graph/core/modules/reader";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { idParam, jsonBody } from "./validate.ts";

const SettingsBody = z.object({
  openOnPublisher: z.boolean({ error: "openOnPublisher must be true or false" }),
});

/**
 * `/reader`: an article's readable text for the reader view, and the person's reading settings.
 * The extraction runs here, in the request: the fetch has the feeds' caps (5 MB, 15 s) and
 * Readability takes tens of milliseconds on a real page, well inside the API's 29 s, and a page
 * kept from an earlier reader answers at once; a queue job would add a job record and polling for
 * no gain. Opening an article counts as seeing it, as a card half on screen does in the feed.
 */
export const reader = new Hono<ApiEnv>()
  .use(requireSession)
  .get("/settings", async (c) => c.json(await Reader.settingsOf(currentUserId(c))))
  .put("/settings", jsonBody(SettingsBody), async (c) =>
    c.json(await Reader.saveSettings(currentUserId(c), c.req.valid("json"))),
  )
  .get("/:articleId", idParam("articleId"), async (c) => {
    const userId = currentUserId(c);
    const { articleId } = c.req.valid("param");
    const answer = await Reader.read(userId, articleId, {
      allowPrivate: Resource.Config.allowPrivateFeeds === true,
    });
    await Feed.Seen.mark(userId, [articleId]);
    return c.json(answer, 200, { "Cache-Control": "private, no-cache" });
  });
