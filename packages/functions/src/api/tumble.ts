import { Hono } from "hono";
import * as z from "zod";
import * as Tumble from "@graph/core/modules/tumble";
import { TUMBLE_LIMITS } from "@graph/core/modules/tumble/rules";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { input, jsonBody } from "./validate.ts";

const WordQuery = z.object({
  list: z.string({ error: "list is required" }).min(1, "list is required").max(40, "There is no such list."),
  /** What the page shows now: another term is picked where the list has one. */
  not: z.string().max(200, "not is at most 200 characters").optional(),
});
/** Each term's length and letters are checked by core, which answers each refusal's code. */
const TermsBody = z.object({
  terms: z
    .array(z.string({ error: "each term is text" }), { error: "terms is required" })
    // Room for duplicates and blank lines the page drops anyway; the limit itself is core's.
    .max(TUMBLE_LIMITS.maxTerms * 4, `Your list holds at most ${TUMBLE_LIMITS.maxTerms} terms.`),
});
const TermBody = z.object({ term: z.string({ error: "term is required" }) });

/**
 * `/tumble`: Find's tumble-word lists. Every plan has the built-in list; the themes, the list of
 * the person's topics and the list they write need a plan with themed lists (403 plan_required).
 */
export const tumble = new Hono<ApiEnv>()
  .use(requireSession)
  .get("/lists", async (c) => c.json(await Tumble.lists(currentUserId(c))))
  .get("/lists/mine", async (c) => c.json(await Tumble.readWritten(currentUserId(c))))
  .put("/lists/mine", jsonBody(TermsBody), async (c) =>
    c.json(await Tumble.replaceWritten(currentUserId(c), c.req.valid("json").terms)),
  )
  .post("/lists/mine", jsonBody(TermBody), async (c) =>
    c.json(await Tumble.addWritten(currentUserId(c), c.req.valid("json").term)),
  )
  .get("/word", input("query", WordQuery), async (c) => {
    const { list, not } = c.req.valid("query");
    return c.json(await Tumble.randomTerm(currentUserId(c), list, not));
  });
