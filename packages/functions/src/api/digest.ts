import { Hono } from "hono";
import * as z from "zod";
import * as Digest from "@graph/core/modules/digest";
import type { ApiEnv } from "./env.ts";
import { input } from "./validate.ts";

const Token = z.object({
  token: z.string({ error: "token is required" }).min(1, "token is required").max(512, "token is too long"),
});

/**
 * The digest's unsubscribe link and its one-click form (RFC 8058). Authorised by the signed
 * token alone: a mail provider's one-click POST comes with no cookie and no `Origin`, and its
 * body is `List-Unsubscribe=One-Click`, form-encoded (so this path takes forms: see `jsonOnly`).
 * The web page `/unsubscribe` posts here too, then shows `/unsubscribe-success`.
 */
export const digest = new Hono<ApiEnv>().post("/unsubscribe", input("query", Token), async (c) => {
  await Digest.unsubscribe(c.req.valid("query").token);
  return c.json({ ok: true as const, wantsEmailDigest: false as const });
});
