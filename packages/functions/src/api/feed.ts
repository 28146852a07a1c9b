import { Hono } from "hono";
import * as z from "zod";
import * as Feed from "@graph/core/modules/feed";
import * as Profile from "@graph/core/modules/profile";
import { MAX_SEEN_PER_CALL } from "@graph/core/modules/feed/rules";
import * as Sources from "@graph/core/modules/sources";
import * as SubjectTopics from "@graph/core/workflows/subject-topics";
import { SOURCE_SEARCH, SOURCE_SEARCH_MESSAGES } from "@graph/core/modules/sources/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { id, idParam, input, jsonBody } from "./validate.ts";

const SourceRef = z.object({ sourceId: id("sourceId") });
const Toggle = z.object({
  articleId: id("articleId"),
  /** The state the person wants: a retried request then cannot flip it back. */
  added: z.boolean({ error: "added must be true or false" }).optional(),
});
const ArticleRef = z.object({ articleId: id("articleId") });
const SeenBody = z.object({
  articleIds: z
    .array(z.string().min(1).max(128), { error: "articleIds must be a list" })
    .max(MAX_SEEN_PER_CALL, `At most ${MAX_SEEN_PER_CALL} articles at a time.`),
});
const Suggestion = z.object({
  sourceLink: z
    .string({ error: "sourceLink is required" })
    .trim()
    .min(1, "sourceLink is required")
    .max(2048, "That address is too long."),
  sourceRss: z.string().max(2048, "That address is too long.").optional(),
});
const CardLayout = z.object({ compact: z.boolean({ error: "compact must be true or false" }) });
const FeedQuery = z.object({ type: z.enum(["manual"], { error: "type may only be manual" }).optional() });
const SourceQuery = z.object({
  q: z
    .string({ error: SOURCE_SEARCH_MESSAGES.tooShort })
    .trim()
    .min(SOURCE_SEARCH.minLength, SOURCE_SEARCH_MESSAGES.tooShort)
    .max(SOURCE_SEARCH.maxLength, SOURCE_SEARCH_MESSAGES.tooLong),
});

/** `/rss/*`: the feed, silenced sources, suggested sources and the catalogue's subjects. */
export const rss = new Hono<ApiEnv>()
  .use(requireSession)
  // The feed carries its version as an ETag: a page that holds that version is answered 304 with
  // no body (and nothing recomputed), so every device shows the server's one session cheaply.
  .get("/articles", input("query", FeedQuery), async (c) => {
    const manual = c.req.valid("query").type === "manual";
    const answer = await Feed.readIfChanged(
      currentUserId(c),
      { manual },
      manual ? undefined : c.req.header("if-none-match"),
    );
    const headers = { ETag: `"${answer.version}"`, "Cache-Control": "private, no-cache" };
    // A 304 has no body: typed as nothing, so the typed client's answer stays the feed (a caller
    // that sends If-None-Match checks the status before reading the body).
    if (!answer.feed) return c.body(null, 304, headers) as never;
    return c.json(answer.feed, 200, headers);
  })
  // The person's choice of a denser list without pictures, kept with the feed's state.
  .get("/card_layout", async (c) => c.json(await Feed.FeedState.compactCards(currentUserId(c))))
  .put("/card_layout", jsonBody(CardLayout), async (c) =>
    c.json(await Feed.FeedState.setCompactCards(currentUserId(c), c.req.valid("json").compact)),
  )
  .get("/user_source_blacklist", async (c) => c.json(await Feed.Silenced.list(currentUserId(c))))
  .post("/user_source_blacklist", jsonBody(SourceRef), async (c) => {
    await Feed.Silenced.add(currentUserId(c), c.req.valid("json").sourceId);
    return c.json({ ok: true as const });
  })
  .delete("/user_source_blacklist", jsonBody(SourceRef), async (c) => {
    await Feed.Silenced.remove(currentUserId(c), c.req.valid("json").sourceId);
    return c.json({ ok: true as const });
  })
  .get("/source_search", input("query", SourceQuery), async (c) => c.json(await Sources.search(c.req.valid("query").q)))
  // The catalogue's subjects, each with its count of sources and its top topics (one read).
  .get("/subjects", async (c) => c.json({ subjects: await SubjectTopics.offeredSubjects() }))
  .get("/user_source_suggested_list", async (c) => c.json(await Sources.Suggestions.list(currentUserId(c))))
  .post("/user_source_suggested_list", jsonBody(Suggestion), async (c) =>
    c.json(await Sources.Suggestions.suggest(currentUserId(c), c.req.valid("json")), 201),
  );

/** `/articles/*`: likes (adding to one's graph) and seen marks. */
export const articles = new Hono<ApiEnv>()
  .get("/from_db_by_user_id/:id", idParam("id"), async (c) =>
    c.json(await Profile.readSection(c.req.valid("param").id, "articles", viewerOf(c), Feed.Likes.listForProfile)),
  )
  .use(requireSession)
  .post("/mark_seen", jsonBody(SeenBody), async (c) => {
    await Feed.Seen.mark(currentUserId(c), c.req.valid("json").articleIds);
    return c.json({ ok: true as const });
  })
  .post("/toggle_add_article", jsonBody(Toggle), async (c) => {
    const { articleId, added } = c.req.valid("json");
    return c.json(await Feed.Likes.toggle(currentUserId(c), articleId, added));
  })
  .get("/liked_ids", async (c) => c.json(await Feed.Likes.likedIds(currentUserId(c))))
  .delete("/", jsonBody(ArticleRef), async (c) => {
    await Feed.Likes.remove(currentUserId(c), c.req.valid("json").articleId);
    return c.json({ ok: true as const });
  });
