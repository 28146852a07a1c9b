import { Hono } from "hono";
import * as z from "zod";
import * as Mutes from "@graph/core/modules/mutes";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

/** A word or phrase; its length and letters are checked by core, which answers each refusal's code. */
const WordBody = z.object({ word: z.string({ error: "word is required" }) });

/**
 * `/mutes`: the signed-in person's muted words (and only theirs: no path names a person). Each
 * answer is the whole list with its limits, so the page shows what the server holds.
 */
export const mutes = new Hono<ApiEnv>()
  .use(requireSession)
  .get("/", async (c) => c.json(await Mutes.list(currentUserId(c))))
  .post("/", jsonBody(WordBody), async (c) => c.json(await Mutes.add(currentUserId(c), c.req.valid("json").word)))
  .delete("/", jsonBody(WordBody), async (c) => c.json(await Mutes.remove(currentUserId(c), c.req.valid("json").word)));
