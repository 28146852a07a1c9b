import { Hono } from "hono";
import { z } from "zod";
import * as Feed from "@graph/core/feed/index";
import * as Likes from "@graph/core/feed/likes";
import * as Seen from "@graph/core/feed/seen";
import * as Silenced from "@graph/core/feed/silenced";
import { badRequest } from "@graph/core/errors";
import { searchArticles } from "@graph/core/search/index";
import * as Sources from "@graph/core/sources/index";
import * as Suggestions from "@graph/core/sources/suggestions";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { id, jsonBody } from "./validate.ts";

const SourceRef = z.object({ sourceId: id("sourceId") });
const ArticleRef = z.object({ articleId: id("articleId") });
const SeenBody = z.object({
  articleIds: z
    .array(z.string().min(1).max(128), { error: "articleIds must be a list" })
    .max(Seen.MAX_SEEN_PER_CALL, `At most ${Seen.MAX_SEEN_PER_CALL} articles at a time.`),
});
const Suggestion = z.object({
  sourceLink: z
    .string({ error: "sourceLink is required" })
    .trim()
    .min(1, "sourceLink is required")
    .max(2048, "That address is too long."),
  sourceRss: z.string().max(2048, "That address is too long.").optional(),
});

/** `/rss/*`: the feed, silenced sources and suggested sources. */
export const rss = new Hono<ApiEnv>()
  .use(requireSession)
  .get("/articles", async (c) =>
    c.json(await Feed.read(currentUserId(c), { manual: c.req.query("type") === "manual" })),
  )
  .get("/search", async (c) =>
    c.json(await searchArticles((c.req.query("q") ?? "").slice(0, 500), Number(c.req.query("page") ?? 1))),
  )
  .get("/user_source_blacklist", async (c) => c.json(await Silenced.list(currentUserId(c))))
  .post("/user_source_blacklist", jsonBody(SourceRef), async (c) => {
    await Silenced.add(currentUserId(c), c.req.valid("json").sourceId);
    return c.json({ ok: true });
  })
  .delete("/user_source_blacklist", jsonBody(SourceRef), async (c) => {
    await Silenced.remove(currentUserId(c), c.req.valid("json").sourceId);
    return c.json({ ok: true });
  })
  .get("/source_search", async (c) => {
    const q = (c.req.query("q") ?? "").trim();
    if (q.length < 2) throw badRequest("Search needs at least 2 characters.");
    return c.json(await Sources.search(q.slice(0, 100)));
  })
  .get("/user_source_suggested_list", async (c) => c.json(await Suggestions.list(currentUserId(c))))
  .post("/user_source_suggested_list", jsonBody(Suggestion), async (c) =>
    c.json(await Suggestions.suggest(currentUserId(c), c.req.valid("json")), 201),
  );

/** `/articles/*`: likes (adding to one's graph) and seen marks. */
export const articles = new Hono<ApiEnv>()
  .get("/from_db_by_user_id/:id", async (c) => c.json(await Likes.listForProfile(c.req.param("id").slice(0, 64))))
  .use(requireSession)
  .post("/mark_seen", jsonBody(SeenBody), async (c) => {
    await Seen.mark(currentUserId(c), c.req.valid("json").articleIds);
    return c.json({ ok: true });
  })
  .post("/toggle_add_article", jsonBody(ArticleRef), async (c) =>
    c.json(await Likes.toggle(currentUserId(c), c.req.valid("json").articleId)),
  )
  .get("/liked_ids", async (c) => c.json(await Likes.likedIds(currentUserId(c))))
  .delete("/", jsonBody(ArticleRef), async (c) => {
    await Likes.remove(currentUserId(c), c.req.valid("json").articleId);
    return c.json({ ok: true });
  });
