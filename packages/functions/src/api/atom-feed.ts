import { Hono } from "hono";
import * as z from "zod";
import * as AtomFeed from "@graph/core/modules/atom-feed";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

/** Turning the feed off names nothing; like every DELETE here it carries a JSON body (`{}`). */
const NoFields = z.object({}, { error: "send an empty JSON object" });

/**
 * `/atom/*`: the person's private Atom feed of their picks. The settings (`GET`, `POST` makes a
 * new address, `DELETE` turns it off) are the signed-in person's; `GET /atom/:token` is public,
 * authorised by the secret in its address alone (a feed reader sends no cookie).
 */
export const atomFeed = new Hono<ApiEnv>()
  .get("/", requireSession, async (c) => c.json(await AtomFeed.state(currentUserId(c))))
  .post("/", requireSession, async (c) => c.json(await AtomFeed.turnOn(currentUserId(c))))
  .delete("/", requireSession, jsonBody(NoFields), async (c) => {
    await AtomFeed.turnOff(currentUserId(c));
    return c.json(await AtomFeed.state(currentUserId(c)));
  })
  .get("/:token", async (c) => {
    const answer = await AtomFeed.read(c.req.param("token"), {
      ifNoneMatch: c.req.header("if-none-match"),
      ifModifiedSince: c.req.header("if-modified-since"),
    });
    const headers = {
      ETag: answer.etag,
      "Last-Modified": new Date(answer.lastModified).toUTCString(),
      // Private to whoever holds the address: never kept by a shared cache, always revalidated.
      "Cache-Control": "private, no-cache",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    };
    if (answer.status === 304) return c.body(null, 304, headers);
    return c.body(answer.body, 200, { ...headers, "Content-Type": "application/atom+xml; charset=utf-8" });
  });
