import { Hono } from "hono";
import * as z from "zod";
import { PLAN_LIMITS } from "@graph/core/lib/plans";
import * as Search from "@graph/core/modules/search";
import { MAX_PAGE, MAX_QUERY_PARAM, MIN_QUERY_LENGTH, MIN_QUERY_MESSAGE } from "@graph/core/modules/search/rules";
import * as Users from "@graph/core/modules/users";
import type { ApiEnv } from "./env.ts";
import { currentPlan, currentUserId, requireSession } from "./middleware.ts";
import { input } from "./validate.ts";

const q = z
  .string({ error: MIN_QUERY_MESSAGE })
  .trim()
  .min(MIN_QUERY_LENGTH, MIN_QUERY_MESSAGE)
  .max(MAX_QUERY_PARAM, `Search is at most ${MAX_QUERY_PARAM} characters.`);
const ArticleQuery = z.object({
  q,
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(MAX_PAGE, `page is at most ${MAX_PAGE}`)
    .default(1),
});
const PeopleQuery = z.object({ q });

/** Find: articles (`/rss/search`) and people (`/users/search`), both for signed-in people. */
export const search = new Hono<ApiEnv>()
  .get("/rss/search", requireSession, input("query", ArticleQuery), async (c) => {
    const { q, page } = c.req.valid("query");
    // Search reaches as far back as the searcher's plan covers (24 h, a year, all time).
    const coverageMs = PLAN_LIMITS[currentPlan(c)].coverageMs;
    return c.json(await Search.searchArticles(q, page, { coverageMs }));
  })
  .get("/users/search", requireSession, input("query", PeopleQuery), async (c) =>
    c.json(await Users.searchPeople(c.req.valid("query").q, currentUserId(c))),
  );
